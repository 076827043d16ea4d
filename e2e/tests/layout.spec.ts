import { expect, test, type Page } from "@playwright/test";
import { signIn } from "../support/sign-in";

// Issue 14 §8: the plans page, the assistant's header and the success page at common widths,
// compared with committed screenshots (tests/layout.spec.ts-snapshots/). Screenshots pin the
// font (support/screenshot.css), turn animations off and mask what changes from run to run.
// After a deliberate change of layout: `pnpm --filter @oystar/e2e e2e layout --update-snapshots`,
// and look at the new pictures before committing them.

const widths = [
  { name: "1024", width: 1024, height: 800 },
  { name: "1280", width: 1280, height: 800 },
  { name: "1440", width: 1440, height: 900 },
  { name: "telefono", width: 390, height: 844 },
] as const;

/** Every price on one line: its box is one line high. */
async function expectPricesOnOneLine(page: Page) {
  const prices = page.locator(".oy-plan__price");
  await expect(prices).toHaveCount(5);
  for (const price of await prices.all()) {
    const lines = await price.evaluate((element) => {
      const height = element.getBoundingClientRect().height;
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
      return Math.round(height / lineHeight);
    });
    expect(lines, await price.innerText()).toBe(1);
  }
}

for (const size of widths) {
  test(`the plans page at ${size.name}`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto("/subscription");
    const grid = page.locator(".oy-plan-grid");
    await expect(grid.getByRole("listitem", { name: "Enterprise" })).toBeVisible();
    await expectPricesOnOneLine(page);
    await expect(page.locator("main")).toHaveScreenshot(`piani-${size.name}.png`);
  });
}

const headerAccounts = ["free", "base", "pro", "business", "enterprise", "admin"] as const;

for (const account of headerAccounts) {
  test(`the assistant's header on one row at 1280 for ${account}`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, `${account}@oystar.test`);
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("status").filter({ hasText: "Online" })).toBeVisible();
    await expect(banner.getByLabel(/^Domande: \d+\/(\d+|∞)$/)).toBeVisible();
    if (account === "admin") await expect(banner.getByRole("button", { name: "Impostazioni globali" })).toBeVisible();
    // One row: the header is as tall as its tallest item plus its padding.
    const { height, row } = await banner.evaluate((header) => {
      const items = [...header.querySelectorAll(":scope > * > *")].map((item) => item.getBoundingClientRect());
      return { height: header.getBoundingClientRect().height, row: Math.max(...items.map((item) => item.height)) };
    });
    expect(height).toBeLessThan(row * 2);
    await expect(banner).toHaveScreenshot(`intestazione-1280-${account}.png`, {
      // The version, the counters and the user's address change from run to run.
      mask: [banner.locator(".assistant-brand__version"), banner.getByLabel(/^Domande:/)],
    });
  });
}

test("the payment success page is laid out like the other pages", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The 5-second countdown stops here: the page is pictured as it first shows. The clock is the
  // page's from the start, so the visitor signs in on the way to the page (the provider sends them
  // back to it) rather than arriving signed in: a silent sign-in under a fake clock on a loaded
  // machine once came back without the session (CI, 1 run in 5).
  await page.clock.install();
  await page.goto(`/login?returnTo=${encodeURIComponent("/success?plan=pro")}`);
  await page.getByRole("button", { name: "ACCEDI" }).click();
  await page.getByRole("button", { name: "Accedi come pro@oystar.test" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Grazie!" })).toBeVisible();
  await page.clock.pauseAt(Date.now() + 60_000);
  await expect(page.locator("main")).toHaveScreenshot("pagamento-riuscito-1280.png", { mask: [page.getByText(/Tra \d secondi/)] });
});
