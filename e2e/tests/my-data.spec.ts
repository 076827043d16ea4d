import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { authorizationWhile } from "../support/api-token";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";

// Issue 36 §8, the privacy promise, visible: the footer's legal labels open real pages; a user
// downloads what the server holds about them, then deletes the account, and nothing is left.

test("the footer's Privacy Policy, Terms of Service and Cookie Policy open their Italian pages", async ({ page }) => {
  for (const [label, heading, path] of [
    ["Privacy Policy", "Informativa sulla privacy", "/privacy"],
    ["Terms of Service", "Termini di servizio", "/termini"],
    ["Cookie Policy", "Cookie e memoria del browser", "/cookie"],
  ] as const) {
    await page.goto("/oystar");
    await page.getByRole("contentinfo").getByRole("link", { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  // The privacy page says what is never kept.
  await page.goto("/privacy");
  await expect(page.getByText("Le chat, i dibattiti e le domande sui documenti non vengono salvati sul server di OYSTAR")).toBeVisible();
});

test("a user sends a form, downloads 'I miei dati' with it, deletes the account and is signed out; the old token is refused", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const email = "lascia-oystar@esempio.it";
  const authorization = await authorizationWhile(page, () => signIn(page, email));

  // A form sent signed in, from the account's own email.
  await page.goto("/contact");
  await page.getByLabel("Nome *").fill("Lucia Partente");
  await page.getByLabel("Email *").fill(email);
  await page.getByLabel("Messaggio").fill("Vorrei sapere quali dati conservate.");
  await page.getByRole("button", { name: "Invia richiesta" }).click();
  await expect(page.getByText("Grazie per averci scritto: ti risponderemo al più presto.")).toBeVisible();

  // 'Il mio account', from the user's name in the header.
  await page.goto("/chat");
  await page
    .getByRole("banner")
    .getByRole("link", { name: `Il mio account: ${email}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Il mio account" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "I miei dati" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^oystar-i-miei-dati-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), "utf8")) as {
    account: { email: string };
    forms: Array<{ kind: string; fields: { message?: string } }>;
  };
  expect(data.account.email).toBe(email);
  expect(data.forms).toEqual([
    expect.objectContaining({ kind: "contact", fields: expect.objectContaining({ message: "Vorrei sapere quali dati conservate." }) }),
  ]);
  await expect(page.getByText("File scaricato.")).toBeVisible();

  await page.getByRole("button", { name: "Elimina account" }).click();
  const dialog = page.getByRole("dialog", { name: "Eliminare l'account?" });
  await expect(dialog).toContainText("i moduli e le richieste di indicizzazione che hai inviato;");
  await dialog.getByRole("button", { name: "Elimina definitivamente" }).click();

  // Signed out, on the site's home.
  await expect(page.getByRole("heading", { level: 1, name: "L'assistente AI in italiano che rispetta la tua privacy" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Navigazione principale" }).getByRole("link", { name: "Inizia ora" })).toBeVisible();
  // Issue 52 §7: a word that the account is gone — said once, not again on the next page.
  const farewell = page.getByText("Il tuo account è stato eliminato, con tutto ciò che il server conservava di te.");
  await expect(farewell).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "L'assistente AI in italiano che rispetta la tua privacy" })).toBeVisible();
  await expect(farewell).toHaveCount(0);

  // The token the account had: refused, and it registers nothing again.
  const refused = await page.request.get("/api/me/data", { headers: { Authorization: authorization } });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: "Questo account è stato eliminato. Accedi di nuovo per crearne uno nuovo." });
  expect(errors).toEqual([]);
});
