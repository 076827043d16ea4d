import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// What every accessibility journey checks a screen with (issue 28 §9, issue 36 §7, issue 52):
// axe in the real browser, no serious or critical violation, in both themes.

/** axe on what is on screen now: the serious and critical violations, named with where they are. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
}

/**
 * Issue 36 §7: each screen in both themes, colour contrast included — light; dark as 'Automatico'
 * shows it under a dark system; dark as 'Scuro' sets it on the page's root, which is all the
 * header's switch does to a page (the switch itself is theme.spec.ts's journey). The screen is left
 * as it was found: light, nothing chosen.
 */
export async function expectAccessible(page: Page, screen: string) {
  expect(await violations(page), `${screen}, tema chiaro`).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  try {
    await expect(page.locator("body")).toHaveCSS("background-color", DARK_CANVAS);
    // The page redraws in the other theme over a few frames on a busy machine: what is checked is
    // what it settles on (a real contrast fault stays, and fails after the wait).
    await expect.poll(() => violations(page), { message: `${screen}, tema automatico con il sistema scuro`, timeout: 10_000 }).toEqual([]);
  } finally {
    await page.emulateMedia({ colorScheme: "light" });
  }
  await page.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
  try {
    await expect(page.locator("body")).toHaveCSS("background-color", DARK_CANVAS);
    await expect.poll(() => violations(page), { message: `${screen}, tema scuro scelto`, timeout: 10_000 }).toEqual([]);
  } finally {
    await page.evaluate(() => document.documentElement.removeAttribute("data-theme"));
  }
}

/** The dark theme's page background (ui-kit's --oy-canvas): the theme is on screen. */
const DARK_CANVAS = "rgb(19, 17, 28)";

/**
 * The card payment page stands in for the payment provider's own (apps/api's dev checkout): it is
 * the provider's, drawn in its colours whatever our theme. It is checked under both system settings.
 */
export async function expectProviderPageAccessible(page: Page, screen: string) {
  expect(await violations(page), `${screen}, sistema chiaro`).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  try {
    expect(await violations(page), `${screen}, sistema scuro`).toEqual([]);
  } finally {
    await page.emulateMedia({ colorScheme: "light" });
  }
}
