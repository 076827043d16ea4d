import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { collectConsoleErrors } from "../support/console-errors";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 50 §8: the history taken to another device — exported on one browser profile in a file
// sealed with a passphrase, imported on another (same account): merged by id; a wrong passphrase
// changes nothing. The file never reaches the server.

test.use({ reducedMotion: "reduce" });

async function conversations(page: Page) {
  await page.getByRole("button", { name: "Conversazioni", exact: true }).click();
  return page.getByRole("dialog", { name: "Conversazioni" });
}

test("export on one browser profile, import on another: the conversation is there; a wrong passphrase changes nothing", async ({
  page: laptop,
  browser,
}) => {
  test.setTimeout(90_000);
  const PASSPHRASE = "cavallo batteria graffetta";
  const laptopErrors = collectConsoleErrors(laptop);
  const sent: string[] = [];
  laptop.on("request", (request) => sent.push(request.postData() ?? ""));
  await signIn(laptop, "due-dispositivi@esempio.it");
  await sendQuestion(laptop, "Quando fiorisce il glicine a Villa Lante?");
  await expect(laptop.locator(".chat-message--assistant").last()).toContainText(/Primo carattere in/);
  let panel = await conversations(laptop);
  await expect(panel.getByRole("button", { name: "Apri «Quando fiorisce il glicine a Villa Lante?»" })).toBeVisible();
  await panel.getByLabel("Passphrase (almeno 10 caratteri)").fill(PASSPHRASE);
  await panel.getByLabel("Ripeti la passphrase").fill(PASSPHRASE);
  const downloading = laptop.waitForEvent("download");
  await panel.getByRole("button", { name: "Esporta conversazioni" }).click();
  const download = await downloading;
  await expect(panel.getByText("File scaricato con 1 conversazione.")).toBeVisible();
  const file = await readFile((await download.path())!, "utf8");
  expect(file).not.toMatch(/glicine|Villa Lante/);
  // The file never reached the server.
  const sealed = (JSON.parse(file) as { data: string }).data;
  expect(sent.filter((body) => body.includes(sealed.slice(0, 40)))).toEqual([]);

  // Another profile: its own storage, the same account.
  const phoneContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const phone = await phoneContext.newPage();
  const phoneErrors = collectConsoleErrors(phone);
  await signIn(phone, "due-dispositivi@esempio.it");
  panel = await conversations(phone);
  await expect(panel.getByText("Nessuna conversazione salvata su questo dispositivo.")).toBeVisible();
  await panel
    .getByLabel("File da importare")
    .setInputFiles({ name: download.suggestedFilename(), mimeType: "application/json", buffer: Buffer.from(file) });
  await panel.getByLabel("Passphrase del file").fill("una passphrase sbagliata");
  await panel.getByRole("button", { name: "Importa conversazioni" }).click();
  await expect(panel.getByText("La passphrase non è corretta, oppure il file è stato modificato. Nulla è stato cambiato.")).toBeVisible();
  await expect(panel.getByText("Nessuna conversazione salvata su questo dispositivo.")).toBeVisible();

  await panel.getByLabel("Passphrase del file").fill(PASSPHRASE);
  await panel.getByRole("button", { name: "Importa conversazioni" }).click();
  await expect(panel.getByText("Importate: 1 nuove, 0 aggiornate, 0 già presenti.")).toBeVisible();
  await panel.getByRole("button", { name: "Apri «Quando fiorisce il glicine a Villa Lante?»" }).click();
  await expect(phone.locator(".chat-message--user")).toHaveText([/Quando fiorisce il glicine a Villa Lante\?/]);
  await expect(phone).toHaveURL(/\/chat\/\d+$/);
  expect([...laptopErrors, ...phoneErrors]).toEqual([]);
  await phoneContext.close();
});
