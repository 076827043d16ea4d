import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";

async function signInFromChat(page: Page, account: string) {
  await page.goto("/chat");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fchat$/);
  await page.getByRole("button", { name: "ACCEDI" }).click();
  // The built-in identity provider's page, on this origin.
  await expect(page).toHaveURL(/\/idp\/authorize\?/);
  await page.getByRole("button", { name: `Accedi come ${account}` }).click();
  await expect(page).toHaveURL(/\/chat$/);
}

test("from /chat to the provider and back, signed in, across a reload, then out", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await signInFromChat(page, "business@oystar.test");
  const banner = page.getByRole("banner");
  await expect(banner).toContainText("business@oystar.test");
  await expect(page.getByRole("heading", { level: 1, name: "OYSTAR AI" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Online" })).toBeVisible();

  // A reload keeps the session (silent sign-in against the provider's session).
  await page.reload();
  await expect(page.getByRole("banner")).toContainText("business@oystar.test");

  // Module navigation inside the assistant keeps it too.
  await page.getByRole("link", { name: "OYSTAR Debate" }).click();
  await expect(page).toHaveURL(/\/debate$/);
  await expect(page.getByRole("link", { name: "OYSTAR Debate" })).toHaveAttribute("aria-current", "page");

  // 'Esci' signs out at the provider and returns to the site's origin.
  await page.getByRole("button", { name: "Esci" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("privacy");
  await page.goto("/chat");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fchat$/);
  expect(errors).toEqual([]);
});

test("a new email registers a free account", async ({ page }) => {
  await page.goto("/login?returnTo=%2Frag");
  await page.getByRole("button", { name: "ACCEDI" }).click();
  await page.getByLabel(/Un altro indirizzo email/).fill("nuovo.cliente@esempio.it");
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(page).toHaveURL(/\/rag$/);
  await expect(page.getByRole("banner")).toContainText("nuovo.cliente@esempio.it");

  // The server registered the account at the first authenticated call: ask it.
  const me = await page.evaluate(async () => {
    const config = await (await fetch("/config.json")).json();
    return config.auth.domain as string;
  });
  expect(me).toMatch(/\/idp$/);
});

test("the root sends a signed-in user to /chat", async ({ page }) => {
  await signInFromChat(page, "free@oystar.test");
  await page.goto("/");
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole("banner")).toContainText("free@oystar.test");
});
