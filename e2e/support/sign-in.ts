import { expect, type Page } from "@playwright/test";

/**
 * Signs in through the built-in provider and lands on /chat: a seeded account by its button,
 * any other email through the provider's email field (which registers it).
 */
export async function signIn(page: Page, email: string) {
  await page.goto("/login?returnTo=%2Fchat");
  await page.getByRole("button", { name: "ACCEDI" }).click();
  if (email.endsWith("@oystar.test")) {
    await page.getByRole("button", { name: `Accedi come ${email}` }).click();
  } else {
    await page.getByLabel(/Un altro indirizzo email/).fill(email);
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
  }
  await expect(page).toHaveURL(/\/chat$/);
}
