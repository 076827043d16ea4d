import { expect, test, type Page } from "@playwright/test";
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
  // Issue 52 §7: what was typed stays, as on a card provider's page: only the card is to change.
  await expect(page.getByLabel("Intestatario della carta")).toHaveValue("Maria Rossi");
  await expect(page.getByLabel("Numero della carta")).toHaveValue("4000 0000 0000 0002");
  await expect(page.getByLabel("Scadenza (MM/AA)")).toHaveValue("12/40");
  await payWithCard(page, "4242 4242 4242 4242");

  await expect(page).toHaveURL(/\/success\?plan=pro$/);
  await expect(page.getByRole("main").getByText("Piano Pro")).toBeVisible();
  // The header follows the plan just bought (issue 36 §6).
  await expect(page.getByRole("navigation", { name: "Navigazione principale" }).getByRole("link", { name: "Piano Pro" })).toBeVisible();
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

/** The card form's fields stay inside its padding: each field's right edge within the form's box. */
async function expectFieldsInsidePadding(page: Page) {
  const overflow = await page.locator("main").evaluate((main) => {
    const inner = main.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(main).paddingRight);
    return [...main.querySelectorAll("input")]
      .filter((input) => input.getBoundingClientRect().right > inner + 0.5)
      .map((input) => input.name);
  });
  expect(overflow).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

// Issue 36 §6: the plan chosen before signing in is the one checked out after it; the card form
// fits and has 'Annulla'; after paying, the header names the plan at once.
test("Base chosen signed out: sign in, its checkout, 'Annulla', pay, and the header says Base", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/subscription");
  await page.getByRole("listitem", { name: "Base" }).getByRole("button", { name: "Scegli Base" }).click();
  await page.getByLabel(/Un altro indirizzo email/).fill("sceglie-base@example.it");
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  // Back from signing in, straight on to Base's checkout.
  await expect(page).toHaveURL(/\/api\/dev\/checkout\/cs_dev_/);
  await expect(page.getByRole("heading", { name: "OYSTAR Base" })).toBeVisible();
  await expectFieldsInsidePadding(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectFieldsInsidePadding(page);

  // 'Annulla' goes back to the plans with Base chosen, and buys nothing — and says so (issue 52 §7);
  // the address then forgets it, so a reload says nothing.
  await page.getByRole("link", { name: "Annulla" }).click();
  await expect(page.getByText("Pagamento annullato: non è stato addebitato nulla e il tuo piano non è cambiato.")).toBeVisible();
  await expect(page).toHaveURL(/\/subscription\?plan=base$/);
  const base = page.getByRole("listitem", { name: "Base" });
  await expect(base.getByText("Piano selezionato")).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Free" }).getByRole("button", { name: "Piano attuale" })).toBeDisabled();

  await base.getByRole("button", { name: "Scegli Base" }).click();
  await expect(page).toHaveURL(/\/api\/dev\/checkout\/cs_dev_/);
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/success\?plan=base$/);
  const navigation = page.getByRole("navigation", { name: "Navigazione principale" });
  await expect(navigation.getByRole("link", { name: "Piano Base" })).toBeVisible();
  await expect(navigation.getByRole("link", { name: "Vai alla chat" })).toHaveAttribute("href", "/chat");
  await expect(navigation.getByRole("link", { name: "Inizia ora" })).toHaveCount(0);
});
