import { expect, test } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";

test("a free user buys Pro with a card; only the signed payment event changes the plan", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  // Sign in as a new customer from the plans page.
  await page.goto("/subscription?plan=pro");
  await expect(page.getByRole("listitem", { name: "Pro" })).toContainText("Piano selezionato");
  await page.getByRole("listitem", { name: "Pro" }).getByRole("button", { name: "Scegli Pro" }).click();
  await page.getByRole("button", { name: "Accedi", exact: true }).waitFor();
  await page.getByLabel(/Un altro indirizzo email/).fill("cliente.pro@esempio.it");
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  const free = page.getByRole("listitem", { name: "Free" });
  await expect(free.getByRole("button", { name: "Piano attuale" })).toBeDisabled();

  // Choosing Pro opens the (built-in) card checkout.
  await page.getByRole("listitem", { name: "Pro" }).getByRole("button", { name: "Scegli Pro" }).click();
  await expect(page).toHaveURL(/\/api\/dev\/checkout\/cs_dev_/);
  await expect(page.getByRole("heading", { name: "OYSTAR Pro" })).toBeVisible();

  // A declined card is refused and nothing changes.
  await page.getByLabel("Intestatario della carta").fill("Maria Rossi");
  await page.getByLabel("Numero della carta").fill("4000 0000 0000 0002");
  await page.getByLabel("Scadenza (MM/AA)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Paga/ }).click();
  await expect(page.getByRole("alert")).toHaveText("Carta rifiutata. Prova con un'altra carta.");

  await page.getByLabel("Intestatario della carta").fill("Maria Rossi");
  await page.getByLabel("Numero della carta").fill("4242 4242 4242 4242");
  await page.getByLabel("Scadenza (MM/AA)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Paga/ }).click();

  // The success page thanks, then the plans page shows Pro as the current plan.
  await expect(page).toHaveURL(/\/success\?plan=pro$/);
  await expect(page.getByText("Piano Pro")).toBeVisible();
  await page.getByRole("link", { name: "Gestisci abbonamento" }).click();
  await expect(page.getByRole("listitem", { name: "Pro" }).getByRole("button", { name: "Piano attuale" })).toBeDisabled();
  await expect(page.getByRole("listitem", { name: "Base" }).getByRole("button", { name: "Non disponibile" })).toBeDisabled();
  expect(errors.filter((error) => !error.includes("402"))).toEqual([]);
});
