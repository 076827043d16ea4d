import { expect, test, type Locator, type Page } from "@playwright/test";
import { createServer, type Server } from "node:http";
import { wordFile } from "../../apps/api/test-support/office-files";
import { authorizationWhile } from "../support/api-token";
import { collectConsoleErrors } from "../support/console-errors";
import { scannedPdf, textPdf } from "../support/pdf-fixtures";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 48, the firm's own library: a Business customer, starting from /rag, makes an index in
// 'I miei documenti', uploads a Word file, a PDF and a scan, watches each reach 'Indicizzato', asks
// a question only the scan answers and opens its [1]; then removes the Word file, and the next
// answer no longer cites it.

const WORD = "contratto-villa-serena.docx";
const PDF = "relazione-pergolato.pdf";
const SCAN = "scansione-frutteto.pdf";

// The files first: the scan is drawn and the Word file written in this process, which takes time.
const files = [
  {
    name: WORD,
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: Buffer.from(await wordFile()),
  },
  { name: PDF, mimeType: "application/pdf", buffer: textPdf([["Relazione sul pergolato di glicine del chiostro di San Marco."]]) },
  {
    name: SCAN,
    mimeType: "application/pdf",
    buffer: Buffer.from(await scannedPdf([["Il cancello del frutteto", "Lanfranchi apre alle sette."]])),
  },
];

/** The question's answer on the /rag screen, whole, sources included. */
async function ask(page: Page, question: string): Promise<Locator> {
  await sendQuestion(page, question);
  const answer = page.locator(".chat-message--assistant").last();
  await expect(answer.getByRole("region", { name: "Fonti utilizzate" })).toBeVisible();
  await expect(page.locator(".chat-cursor")).toHaveCount(0);
  return answer;
}

/** The file names an answer asked over the API cites, as /rag's request asks them. */
async function citedFiles(page: Page, authorization: string, question: string): Promise<string[]> {
  const response = await page.request.post("/api/ask-stream", { headers: { Authorization: authorization }, data: { question } });
  expect(response.status()).toBe(200);
  return (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .flatMap((line) => (JSON.parse(line.slice(6)) as { sources?: Array<{ filename: string }> }).sources ?? [])
    .map((source) => source.filename);
}

const row = (page: Page, path: string) => page.getByRole("row").filter({ hasText: path });

test("a Business user uploads a Word file, a PDF and a scan, watches them reach 'Indicizzato', asks what only the scan says, then removes the Word file and it is no longer cited", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = collectConsoleErrors(page);
  await signIn(page, "business@oystar.test");
  const authorization = await authorizationWhile(page, () => page.goto("/rag"));

  // From /rag's header area to 'I miei documenti'.
  await page.getByRole("link", { name: "I miei documenti" }).click();
  await expect(page).toHaveURL(/\/rag\/documenti$/);
  await expect(page.getByRole("heading", { level: 1, name: "I miei documenti" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Preferisci che lo facciamo noi? Richiedi l'indicizzazione" })).toHaveAttribute(
    "href",
    "/business-index-request",
  );

  await page.getByRole("button", { name: "Nuovo indice" }).click();
  await page.getByLabel("Nome del nuovo indice").fill("Studio Ferretti");
  await page.getByRole("button", { name: "Crea" }).click();
  await page.getByRole("button", { name: "Apri l'indice Studio Ferretti" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Studio Ferretti" })).toBeVisible();

  await page.getByLabel("Carica documenti").setInputFiles(files);
  // Each status moves on its own while the page is open.
  await expect(row(page, WORD)).toContainText(/Indicizzato — \d+ passagg/, { timeout: 120_000 });
  await expect(row(page, PDF)).toContainText(/Indicizzato — \d+ passagg/, { timeout: 120_000 });
  await expect(row(page, SCAN)).toContainText("letto con OCR", { timeout: 240_000 });
  await expect(row(page, SCAN)).toContainText("Indicizzato");
  await expect(page.getByText(/^\d+(,\d)? (MB|KB) di 100 MB$/).first()).toBeVisible();
  // The filter finds a document by name.
  await page.getByLabel("Cerca un documento per nome").fill("pergolato");
  await expect(row(page, PDF)).toBeVisible();
  await expect(row(page, WORD)).toHaveCount(0);
  await page.getByLabel("Cerca un documento per nome").fill("");

  // A question only the scan answers, asked on /rag; the [n] of the sentence it gives opens the scan.
  await page.getByRole("link", { name: "Torna alle domande" }).click();
  const answer = await ask(page, "A che ora apre il cancello del frutteto Lanfranchi?");
  const sentence = answer.getByRole("listitem").filter({ hasText: "Il cancello del frutteto Lanfranchi apre alle sette" });
  await sentence.getByRole("link", { name: /^Fonte \d+$/ }).click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.getByText(`File: ${SCAN}`)).toBeVisible();
  await viewer.getByRole("button", { name: "Chiudi" }).click();
  expect(await citedFiles(page, authorization, "Qual è il canone mensile della Villa Serena?")).toContain(WORD);

  // The Word file removed, after a confirmation: the next answer does not cite it.
  await page.goto("/rag/documenti");
  await page.getByRole("button", { name: "Apri l'indice Studio Ferretti" }).click();
  await page.getByRole("button", { name: `Elimina ${WORD}` }).click();
  await page
    .getByRole("dialog", { name: `Elimina ${WORD}` })
    .getByRole("button", { name: "Elimina" })
    .click();
  await expect(row(page, WORD)).toHaveCount(0);
  await expect(row(page, SCAN)).toBeVisible();
  expect(await citedFiles(page, authorization, "Qual è il canone mensile della Villa Serena?")).not.toContain(WORD);
  await page.getByRole("link", { name: "Torna alle domande" }).click();
  // Its answer, whole (with sources or saying the documents do not have it), cites the Word file nowhere.
  const answers = page.locator(".chat-message--assistant");
  const before = await answers.count();
  await sendQuestion(page, "Qual è il canone mensile della Villa Serena?");
  await expect(answers).toHaveCount(before + 1);
  const after = answers.last();
  await expect(after.getByRole("group", { name: "Azioni sulla risposta" })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator(".chat-cursor")).toHaveCount(0);
  await expect(after).not.toContainText("contratto-villa-serena");

  // The index goes, confirmed, with all it holds.
  await page.goto("/rag/documenti");
  await page.getByRole("button", { name: "Elimina indice Studio Ferretti" }).click();
  await page.getByRole("dialog", { name: "Elimina indice Studio Ferretti" }).getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByText("Non hai ancora nessun indice: creane uno per caricare i tuoi documenti.")).toBeVisible();
  expect(errors).toEqual([]);
});

test("'Il mio account' leads to 'I miei documenti'; a plan below Business gets the upsell there", async ({ page, browser }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "business@oystar.test");
  await page.goto("/account");
  await page.getByRole("link", { name: "I miei documenti" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "I miei documenti" })).toBeVisible();

  const pro = await (await browser.newContext()).newPage();
  const proErrors = collectConsoleErrors(pro);
  await signIn(pro, "pro@oystar.test");
  await pro.goto("/rag/documenti");
  await expect(pro.getByRole("heading", { name: "OYSTAR RAG è incluso nel piano Business" })).toBeVisible();
  await expect(pro.getByRole("heading", { level: 1, name: "I miei documenti" })).toHaveCount(0);
  await pro.context().close();
  expect(errors).toEqual([]);
  expect(proErrors).toEqual([]);
});

/** The firm's website, served here; the server reaches it as http://sito-studio.example/ (playwright.config.ts). */
const SITE_PAGES: Record<string, string> = {
  "/": `<html><head><title>Studio Ferretti</title></head><body><nav>Menu</nav><main><h1>Studio Ferretti</h1><p>Lo studio segue le successioni.</p><a href="/orari.html">Orari</a></main><footer>P.IVA 0123</footer></body></html>`,
  "/orari.html": `<html><head><title>Orari dello studio</title></head><body><main><p>Lo studio Ferretti riceve il giovedì mattina dalle nove alle tredici.</p></main></body></html>`,
};

let site: Server;
test.beforeAll(async () => {
  site = createServer((request, response) => {
    const page = SITE_PAGES[request.url ?? ""];
    if (!page) return response.writeHead(404).end();
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
  });
  await new Promise<void>((resolve) => site.listen(Number(process.env.E2E_SITE_PORT), "127.0.0.1", resolve));
});
test.afterAll(async () => {
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

test("a Business user adds the firm's website: its pages become documents, one is found by name and answers on /rag", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await signIn(page, "business@oystar.test");
  await page.goto("/rag/documenti");
  await page.getByRole("button", { name: "Nuovo indice" }).click();
  await page.getByLabel("Nome del nuovo indice").fill("Sito dello studio");
  await page.getByRole("button", { name: "Crea" }).click();
  await page.getByRole("button", { name: "Apri l'indice Sito dello studio" }).click();

  await page.getByLabel("Indirizzo del sito").fill("http://sito-studio.example/");
  await page.getByRole("button", { name: "Aggiungi sito" }).click();
  const siteLine = page.getByRole("listitem").filter({ hasText: "http://sito-studio.example/" });
  await expect(siteLine).toContainText("2 pagine nuove", { timeout: 60_000 });
  await expect(siteLine).toContainText("2 pagine");
  await page.getByLabel("Cerca un documento per nome").fill("orari");
  await expect(row(page, "sito-studio.example_orari.html")).toContainText("Indicizzato");

  // Read again at once: nothing changed.
  await page.getByRole("button", { name: "Aggiorna ora http://sito-studio.example/" }).click();
  await expect(siteLine).toContainText("nessuna modifica", { timeout: 60_000 });

  await page.getByRole("link", { name: "Torna alle domande" }).click();
  const answer = await ask(page, "Quando riceve lo studio Ferretti?");
  await expect(answer.getByRole("region", { name: "Fonti utilizzate" })).toContainText("Orari dello studio");

  await page.goto("/rag/documenti");
  await page.getByRole("button", { name: "Elimina indice Sito dello studio" }).click();
  await page.getByRole("dialog", { name: "Elimina indice Sito dello studio" }).getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByRole("button", { name: "Apri l'indice Sito dello studio" })).toHaveCount(0);
  expect(errors).toEqual([]);
});
