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
  // The assistant's first signed-in call registers the account on the server.
  const profile = page.waitForResponse((response) => response.url().endsWith("/api/me"));
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(page).toHaveURL(/\/rag$/);
  const me = await profile;
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: "nuovo.cliente@esempio.it", isAdmin: false });
  await expect(page.getByRole("banner")).toContainText("nuovo.cliente@esempio.it");
});

test("the server says who the admin is", async ({ page }) => {
  const profile = page.waitForResponse((response) => response.url().endsWith("/api/me"));
  await signInFromChat(page, "admin@oystar.test");
  expect(await (await profile).json()).toMatchObject({ email: "admin@oystar.test", isAdmin: true });
});

test("the root sends a signed-in user to /chat", async ({ page }) => {
  await signInFromChat(page, "free@oystar.test");
  await page.goto("/");
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole("banner")).toContainText("free@oystar.test");
});

// spec 000 §2 (issue 14 §1): a refused sign-in used to leave / on 'Caricamento...' forever.
test("a sign-in the provider refuses shows its message and leads back to the login", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/login?returnTo=%2Fchat");
  await page.getByRole("button", { name: "ACCEDI" }).click();
  await page.getByRole("button", { name: "Accedi come non-verificato@oystar.test" }).click();
  await expect(page).toHaveURL(/\/\?.*error=access_denied/);
  await expect(page.getByRole("heading", { level: 1, name: "Verifica il tuo indirizzo email prima di accedere." })).toBeVisible();
  await expect(page.getByText("Caricamento...")).toHaveCount(0);
  await page.getByRole("button", { name: "Vai al Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "ACCEDI" })).toBeVisible();
  expect(errors).toEqual([]);
});
