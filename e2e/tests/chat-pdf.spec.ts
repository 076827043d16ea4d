import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { collectConsoleErrors } from "../support/console-errors";
import { scannedPdf, textPdf } from "../support/pdf-fixtures";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";
import { pdfPages } from "../support/pdf-text";

/** What Markdown leaves when it is printed instead of drawn (issue 50 §6). */
const MARKDOWN_MARKERS = [/\*\*/, /(^|\s)#{1,6}\s/, /(^|\s)>\s/, /```/, /\|\s*-{3,}/];
const pdfText = async (bytes: Buffer) => (await pdfPages(new Uint8Array(bytes))).join("\n");

const minutes = textPdf([
  ["Verbale della riunione del 3 marzo 2026.", "Presenti: Rossi, Bianchi, Verdi."],
  ["Il consiglio approva il bilancio.", "Bianchi prepara il piano entro aprile."],
]);

test("business: a PDF is read in the browser, summarised, saved as PDF, and stays in the thread's context until removed", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "business@oystar.test");
  await page
    .locator('.pdf-drop input[type="file"]')
    .setInputFiles({ name: "Verbale marzo.pdf", mimeType: "application/pdf", buffer: minutes });
  const loaded = page.getByRole("region", { name: "PDF in contesto" });
  await expect(loaded).toContainText("Verbale marzo.pdf");
  await expect(loaded).toContainText("2 pagine");

  await loaded.getByRole("button", { name: "Riassunto" }).click();
  const answer = page.locator(".chat-message--assistant").last();
  await expect(answer).toContainText("Primo carattere");
  // The offline model read the document sent with the question.
  await expect(answer).toContainText("Il documento «Verbale marzo.pdf»");
  await expect(answer).toContainText("Verbale della riunione del 3 marzo 2026.");
  // Issue 50 §5: the bubble shows the action and the document's chip, not the request sent.
  const question = page.locator(".chat-message--user").last();
  await expect(question).toHaveText("Tu:Riassunto esecutivoDocumento allegato: Verbale marzo.pdf · 2 pagine");
  await expect(question.locator(".chat-attachment")).toHaveText("Documento allegato: Verbale marzo.pdf · 2 pagine");
  await expect(answer).toContainText("Risposta basata su «Verbale marzo.pdf»");

  // The answer can be saved as a PDF named after the document.
  // Drawn as Markdown (the quote) before clicking: a late redraw would move the buttons.
  await expect(answer.locator("blockquote")).toBeVisible();
  const downloading = page.waitForEvent("download");
  await answer.getByRole("button", { name: "Scarica PDF" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^OYSTAR_AI_Verbale_marzo_\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  // Issue 50 §6: the question above the answer, whose Markdown is drawn, not printed.
  const answerText = await pdfText(bytes);
  expect(answerText).toContain("Domanda");
  expect(answerText).toContain("Riassunto esecutivo");
  expect(answerText).toContain("Modello dimostrativo offline");
  for (const marker of MARKDOWN_MARKERS) expect(answerText).not.toMatch(marker);

  // The PDF stays in context: a follow-up question uses it, and says so.
  await expect(loaded).toBeVisible();
  await sendQuestion(page, "Chi prepara il piano?");
  const followUp = page.locator(".chat-message--assistant").nth(1);
  await expect(followUp).toContainText("Primo carattere");
  await expect(followUp).toContainText("Il documento «Verbale marzo.pdf»");
  await expect(followUp).toContainText("Risposta basata su «Verbale marzo.pdf»");
  await expect(page.locator(".chat-message--user").nth(1).locator(".chat-attachment")).toContainText("Verbale marzo.pdf");

  // Removed: the next answer does without it, and the thread keeps all that was said.
  await loaded.getByRole("button", { name: "Rimuovi Verbale marzo.pdf" }).click();
  await expect(page.getByRole("button", { name: "Carica un PDF" })).toBeVisible();
  await sendQuestion(page, "Grazie");
  const last = page.locator(".chat-message--assistant").nth(2);
  await expect(last).toContainText("Primo carattere");
  await expect(last).not.toContainText("Risposta basata su");
  await expect(page.locator(".chat-message--user").nth(2).locator(".chat-attachment")).toHaveCount(0);
  await expect(page.locator(".chat-message")).toHaveCount(6);

  // The whole conversation as a PDF: every question as asked, with its document, every answer drawn.
  await page.getByRole("button", { name: "Conversazioni" }).click();
  const panel = page.getByRole("dialog", { name: "Conversazioni" });
  const whole = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Esporta (PDF)" }).click();
  const conversation = await pdfText(await readFile(await (await whole).path()));
  for (const said of ["Riassunto esecutivo", "Documento allegato: Verbale marzo.pdf (2 pagine)", "Chi prepara il piano?", "Grazie"])
    expect(conversation).toContain(said);
  expect(conversation).not.toContain("Scrivi un riassunto esecutivo");
  for (const marker of MARKDOWN_MARKERS) expect(conversation).not.toMatch(marker);
  expect(errors).toEqual([]);
});

test("a file that is not a PDF is refused with the spec's message", async ({ page }) => {
  await signIn(page, "enterprise@oystar.test");
  await page.locator('.pdf-drop input[type="file"]').setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: Buffer.from("png") });
  await expect(page.getByText("Sono supportati solo file PDF.")).toBeVisible();
});

test("a free user trying to upload is sent to the plans", async ({ page }) => {
  await signIn(page, "free@oystar.test");
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await page.getByRole("link", { name: "Scopri Business" }).click();
  await expect(page).toHaveURL(/\/subscription\?plan=business$/);
});

test("a scanned PDF asks before OCR; the server reads it and the chat can use it", async ({ page }) => {
  test.setTimeout(90_000);
  const scan = await scannedPdf([["Verbale della riunione del consiglio.", "Il bilancio viene approvato."]]);
  await signIn(page, "business@oystar.test");
  await page
    .locator('.pdf-drop input[type="file"]')
    .setInputFiles({ name: "Scansione.pdf", mimeType: "application/pdf", buffer: Buffer.from(scan) });
  const question = page.getByRole("dialog", { name: "PDF scansionato" });
  await expect(question).toContainText("«Scansione.pdf» contiene pochissimo testo");
  await question.getByRole("button", { name: "Sì, estrai testo" }).click();
  const loaded = page.getByRole("region", { name: "PDF in contesto" });
  await expect(loaded).toContainText("Scansione.pdf", { timeout: 60_000 });
  await loaded.getByRole("button", { name: "Verbale" }).click();
  const answer = page.locator(".chat-message--assistant").last();
  await expect(answer).toContainText("Il documento «Scansione.pdf»");
  await expect(answer).toContainText("bilancio viene approvato");
});

test("'No, annulla' leaves no PDF", async ({ page }) => {
  const scan = await scannedPdf([["Pagina scansionata."]]);
  await signIn(page, "business@oystar.test");
  await page
    .locator('.pdf-drop input[type="file"]')
    .setInputFiles({ name: "Scansione.pdf", mimeType: "application/pdf", buffer: Buffer.from(scan) });
  await page.getByRole("button", { name: "No, annulla" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Carica un PDF" })).toBeEnabled();
  await expect(page.getByRole("region", { name: "PDF in contesto" })).toHaveCount(0);
});
