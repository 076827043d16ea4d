import { expect, test } from "@playwright/test";

test("the enterprise form submits and confirms", async ({ page }) => {
  await page.goto("/enterprise-contact");
  await page.getByLabel("Nome *").fill("Giulia Bianchi");
  await page.getByLabel("Email *").fill("giulia@studio.it");
  await page.getByLabel("Azienda *").fill("Studio Legale Bianchi");
  await page.getByLabel("Messaggio").fill("Vorremmo un preventivo per 40 persone.");
  await page.getByRole("button", { name: "Invia richiesta" }).click();
  await expect(page.getByText("Ti risponderemo entro 24 ore.")).toBeVisible();
});

test("the indexing form, signed in, submits and confirms", async ({ page }) => {
  await page.goto("/business-index-request");
  await page.getByRole("button", { name: "ACCEDI" }).click();
  await page.getByRole("button", { name: "Accedi come business@oystar.test" }).click();
  await expect(page).toHaveURL(/\/business-index-request$/);
  await page.getByLabel("Nome *").fill("Marco Verdi");
  await page.getByLabel("Email *").fill("marco@azienda.it");
  await page.getByLabel("Nome dell'indice *").fill("contratti-2026");
  await page.getByLabel("Link ai PDF").fill("https://azienda.it/contratto.pdf");
  await page.getByRole("button", { name: "Invia richiesta" }).click();
  await expect(page.getByText("Prepareremo il tuo indice entro 24-48 ore.")).toBeVisible();
});
