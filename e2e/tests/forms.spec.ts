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

// The page arrives prerendered and can be typed into before its scripts have run. Here they are
// held back until the visitor has typed; once React has taken the page over (the button answers),
// what was typed is still there and is what gets sent.
test("what a visitor types before the page has come to life is kept and sent", async ({ page }) => {
  let releaseScripts = () => {};
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  await page.goto("/enterprise-contact", { waitUntil: "commit" });
  await page.getByLabel("Nome *").fill("Giulia Bianchi");
  await page.getByLabel("Email *").fill("giulia@studio.it");
  const send = page.getByRole("button", { name: "Invia richiesta" });
  await expect(send).toBeDisabled();

  releaseScripts();
  await expect(send).toBeEnabled();
  await page.getByLabel("Azienda *").fill("Studio Legale Bianchi");
  await expect(page.getByLabel("Nome *")).toHaveValue("Giulia Bianchi");
  await expect(page.getByLabel("Email *")).toHaveValue("giulia@studio.it");
  await send.click();
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

// spec 000 §2 (issue 27 §2): the navigation's 'Contatti' leads to the Enterprise quote form.
test("'Contatti' on the landing opens the Enterprise quote form", async ({ page }) => {
  await page.goto("/oystar");
  await page.getByRole("navigation", { name: "Navigazione principale" }).getByRole("link", { name: "Contatti" }).click();
  await expect(page).toHaveURL(/\/enterprise-contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Richiedi un preventivo Enterprise" })).toBeVisible();
});

// Issue 14 §2, issue 27 §2: the general contact form, from the footer's 'Supporto'.
test("the contact form, opened from the landing's footer, checks, sends and confirms", async ({ page }) => {
  await page.goto("/oystar");
  await page.getByRole("contentinfo").getByRole("link", { name: "Supporto", exact: true }).click();
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
});
