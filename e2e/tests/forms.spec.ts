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

// Issue 14 §2: the contact form, from the navigation's 'Contatti' and the footer's 'Supporto'.
test("the contact form, opened from the landing, checks, sends and confirms", async ({ page }) => {
  await page.goto("/oystar");
  await page.getByRole("navigation", { name: "Navigazione principale" }).getByRole("link", { name: "Contatti" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contattaci" })).toBeVisible();
  await page.getByRole("button", { name: "Invia richiesta" }).click();
  await expect(page.getByText("Il nome è obbligatorio")).toBeVisible();
  await expect(page.getByText("L'email è obbligatoria")).toBeVisible();
  await page.getByLabel("Nome *").fill("Anna Rossi");
  await page.getByLabel("Email *").fill("anna@esempio.it");
  await page.getByLabel("Messaggio").fill("Come funziona il piano Base?");
  const sent = page.waitForResponse((response) => response.url().endsWith("/api/forms/contact"));
  await page.getByRole("button", { name: "Invia richiesta" }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText("Grazie per averci scritto: ti risponderemo al più presto.")).toBeVisible();
  await page.getByRole("button", { name: "Invia un altro messaggio" }).click();
  await expect(page.getByLabel("Nome *")).toHaveValue("");

  await page.goto("/oystar");
  await page.getByRole("contentinfo").getByRole("link", { name: "Supporto", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
