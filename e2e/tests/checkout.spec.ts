import { expect, test } from "@playwright/test";
import { payWithCard } from "../support/checkout";
import { collectConsoleErrors } from "../support/console-errors";

test("from the landing to Pro: sign in, card checkout, success countdown, and the server says pro", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/oystar");
  await page.getByRole("button", { name: "Vedi i piani" }).click();
  // Plans need sign-in first, then come back to them.
  await page.getByRole("button", { name: "Accedi come free@oystar.test" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole("listitem", { name: "Free" }).getByRole("button", { name: "Piano attuale" })).toBeDisabled();

  await page.getByRole("listitem", { name: "Pro" }).getByRole("button", { name: "Scegli Pro" }).click();
  await expect(page).toHaveURL(/\/api\/dev\/checkout\/cs_dev_/);
  await expect(page.getByRole("heading", { name: "OYSTAR Pro" })).toBeVisible();

  // A declined card is refused and nothing changes; a good one pays.
  await payWithCard(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toHaveText("Carta rifiutata. Prova con un'altra carta.");
  await payWithCard(page, "4242 4242 4242 4242");

  await expect(page).toHaveURL(/\/success\?plan=pro$/);
  await expect(page.getByText("Piano Pro")).toBeVisible();
  // 5-second countdown, then the chat.
  await expect(page).toHaveURL(/\/chat$/, { timeout: 10_000 });

  // The server's word on the plan: the first status answer whose body can still be read (the
  // chat may ask too, just before we navigate away from it, and that body is then gone).
  let serverStatus: unknown = null;
  const status = page.waitForResponse(async (response) => {
    if (!response.url().endsWith("/api/subscription/status")) return false;
    serverStatus = await response.json().catch(() => null);
    return serverStatus !== null;
  });
  await page.goto("/subscription");
  await status;
  expect(serverStatus).toMatchObject({ plan: "pro", queries_limit: 1000, debates_limit: 100 });
  await expect(page.getByRole("listitem", { name: "Pro" }).getByRole("button", { name: "Piano attuale" })).toBeDisabled();
  await expect(page.getByRole("listitem", { name: "Base" }).getByRole("button", { name: "Non disponibile" })).toBeVisible();
  expect(errors.filter((error) => !error.includes("402"))).toEqual([]);
});

test("a business account choosing Base sees the downgrade message", async ({ page }) => {
  await page.goto("/login?returnTo=%2Fsubscription");
  await page.getByRole("button", { name: "ACCEDI" }).click();
  await page.getByRole("button", { name: "Accedi come business@oystar.test" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole("listitem", { name: "Business" }).getByRole("button", { name: "Piano attuale" })).toBeDisabled();
  await page.getByRole("listitem", { name: "Base" }).getByRole("button", { name: "Non disponibile" }).click();
  await expect(page.getByRole("alert")).toHaveText(/Downgrade non disponibile per account admin\. Contatta il supporto se necessario\./);
});
