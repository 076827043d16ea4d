import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";

// Issue 36 §7: a dark theme from the system's setting ('Automatico'), or chosen in the header's
// menu ('Chiaro', 'Scuro'); the choice holds across reloads and both apps, and a dark page is
// dark from its first paint. The page's inline boot script runs under the strict CSP (its hash):
// Chromium reports a refused script as a console error, and none is allowed here.

/** ui-kit's --oy-canvas in each theme, the page's background. */
const CANVAS = { light: "rgb(247, 245, 252)", dark: "rgb(19, 17, 28)" } as const;

/** Opens 'Tema: …' in the banner and picks a choice; the choices stay open. */
async function chooseTheme(page: Page, choice: "Automatico" | "Chiaro" | "Scuro") {
  const banner = page.getByRole("banner");
  const button = banner.getByRole("button", { name: /^Tema: / });
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  await banner.getByRole("group", { name: "Tema" }).getByRole("radio", { name: choice }).check();
  await expect(banner.getByRole("button", { name: `Tema: ${choice}` })).toBeVisible();
}

async function expectTheme(page: Page, theme: keyof typeof CANVAS) {
  await expect(page.locator("body")).toHaveCSS("background-color", CANVAS[theme]);
  await expect(page.locator("html")).toHaveCSS("color-scheme", theme);
}

/**
 * What the page shows before any of the app's code runs: the app's own scripts are refused, so
 * only the HTML, its stylesheet and the boot script in its <head> are left to draw the page.
 */
async function beforeAnyAppScript(page: Page, path: string, assets: RegExp) {
  await page.route(assets, (route) => route.abort());
  // 'load': the stylesheet is in; with the app's scripts refused, nothing else could have run.
  await page.goto(path, { waitUntil: "load" });
  const state = await page.evaluate(() => ({
    theme: document.documentElement.dataset.theme ?? null,
    background: getComputedStyle(document.body).backgroundColor,
  }));
  await page.unroute(assets);
  return state;
}

/** The app's scripts refused by beforeAnyAppScript are the test's doing, not the page's. */
const notRefusedByTheTest = (error: string) => !error.includes("net::ERR_FAILED");

test("'Automatico' follows a dark system on the site and in the assistant", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/oystar");
  await expect(page.getByRole("banner").getByRole("button", { name: "Tema: Automatico" })).toBeVisible();
  await expectTheme(page, "dark");
  await expect(page.locator("html")).not.toHaveAttribute("data-theme");

  await signIn(page, "base@oystar.test");
  await expectTheme(page, "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expectTheme(page, "light");
  expect(errors).toEqual([]);
});

test("'Scuro' in the site's header darkens the page, survives a reload and is there before the first paint", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/oystar");
  await expectTheme(page, "light");
  await chooseTheme(page, "Scuro");
  await expectTheme(page, "dark");

  await page.reload();
  await expect(page.getByRole("banner").getByRole("button", { name: "Tema: Scuro" })).toBeVisible();
  await expectTheme(page, "dark");

  // No flash: a prerendered page is dark before the app's code has run at all.
  expect(await beforeAnyAppScript(page, "/subscription", /\/assets\/.*\.js$/)).toEqual({ theme: "dark", background: CANVAS.dark });

  // Back to 'Automatico': a light system, a light page, nothing kept.
  await page.goto("/oystar");
  await chooseTheme(page, "Automatico");
  await expectTheme(page, "light");
  expect(await page.evaluate(() => localStorage.getItem("oystar-tema"))).toBeNull();
  expect(errors.filter(notRefusedByTheTest)).toEqual([]);
});

test("the assistant keeps the site's choice, and its phone menu changes it", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/oystar");
  await chooseTheme(page, "Scuro");
  await signIn(page, "business@oystar.test");
  await expectTheme(page, "dark");
  // On a wide screen the switch is in the header's row.
  await expect(page.getByRole("banner").getByRole("button", { name: "Tema: Scuro" })).toBeVisible();
  // Under a dark system too: 'Chiaro' chosen wins over it.
  await page.emulateMedia({ colorScheme: "dark" });

  await page.setViewportSize({ width: 390, height: 844 });
  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: "Menu" }).click();
  await expect(banner.getByRole("button", { name: "Tema: Scuro" })).toBeVisible();
  await chooseTheme(page, "Chiaro");
  await expectTheme(page, "light");
  // The menu stays open on a choice that is not a way elsewhere.
  await expect(banner.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");

  await page.reload();
  await expectTheme(page, "light");
  await banner.getByRole("button", { name: "Menu" }).click();
  await expect(banner.getByRole("button", { name: "Tema: Chiaro" })).toBeVisible();
  // The assistant's page, too, has the choice before its code runs.
  expect(await beforeAnyAppScript(page, "/rag", /\/assistant\/assets\/.*\.js$/)).toEqual({ theme: "light", background: CANVAS.light });
  expect(errors.filter(notRefusedByTheTest)).toEqual([]);
});
