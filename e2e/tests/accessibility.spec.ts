import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, expectProviderPageAccessible } from "../support/axe";
import { buyPlan, payWithCard } from "../support/checkout";
import { scannedPdf, textPdf } from "../support/pdf-fixtures";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 28 §9: every screen checked with axe in a real browser — no serious or critical
// violation — and the three conversations done with the keyboard alone. Issue 36 §7: in both themes.

test.use({ reducedMotion: "reduce" });
// Each screen is checked three times over (light, dark from the system, dark chosen): a journey
// with several screens takes twice the default time on a busy machine.
test.describe.configure({ timeout: 60_000 });

// The public site: landing, product page, plans, forms, sign-in, the legal pages, a missing page — one test each,
// each page checked three times over (issue 36 §7).
for (const path of [
  "/oystar",
  "/oystar-ai",
  "/subscription",
  "/contact",
  "/enterprise-contact",
  "/login",
  "/privacy",
  "/termini",
  "/cookie",
  "/una-pagina-che-non-esiste",
]) {
  test(`the public site: ${path}`, async ({ page }) => {
    await page.goto(path);
    // Each screen has its page title (its first-level heading) once it has drawn.
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, path);
  });
}

test("the assistant's screens: chat with an answer, the plans' upsells, the admin's settings", async ({ page }) => {
  await signIn(page, "admin@oystar.test");
  await sendQuestion(page, "Ciao, chi sei?");
  await expect(page.locator(".chat-message--assistant").last()).toContainText("Modello dimostrativo offline");
  await expectAccessible(page, "/chat con una risposta");

  await page.getByRole("banner").getByRole("button", { name: "Impostazioni globali" }).click();
  await expect(page.getByRole("dialog", { name: "Impostazioni globali" })).toBeVisible();
  await expectAccessible(page, "impostazioni globali");
});

test("chat with each card: a PDF in context, the scanned PDF's question", async ({ page }) => {
  await signIn(page, "business@oystar.test");
  const drop = page.locator('.pdf-drop input[type="file"]');
  // Over 100 characters of text: a shorter one would be taken for a scan.
  const minutes = textPdf([
    ["Verbale della riunione del 3 marzo 2026.", "Presenti: Rossi, Bianchi, Verdi."],
    ["Il consiglio approva il bilancio.", "Bianchi prepara il piano entro aprile."],
  ]);
  await drop.setInputFiles({ name: "Verbale.pdf", mimeType: "application/pdf", buffer: minutes });
  const loaded = page.getByRole("region", { name: "PDF in contesto" });
  await expect(loaded).toContainText("Verbale.pdf");
  await expectAccessible(page, "/chat con un PDF in contesto");
  await loaded.getByRole("button", { name: /Rimuovi/ }).click();
  await expect(loaded).toHaveCount(0);

  await drop.setInputFiles({
    name: "Scansione.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(await scannedPdf([["Pagina scansionata."]])),
  });
  const question = page.getByRole("dialog", { name: "PDF scansionato" });
  await expect(question).toBeVisible();
  await expectAccessible(page, "/chat, domanda prima dell'OCR");
  await question.getByRole("button", { name: "No, annulla" }).click();
});

test("the card payment page and the success page", async ({ page }) => {
  // An account of its own: paying here must not change the plan another journey relies on.
  await signIn(page, "accessibile-pagamento@esempio.it");
  await page.goto("/subscription");
  await page.getByRole("listitem", { name: "Pro" }).getByRole("button", { name: "Scegli Pro" }).click();
  await expect(page.getByRole("heading", { name: "OYSTAR Pro" })).toBeVisible();
  await expectProviderPageAccessible(page, "pagamento con carta");
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByRole("main").getByText("Piano Pro")).toBeVisible();
  await expectAccessible(page, "/success");
});

test("the upsells a free account sees on /debate and /rag, and the index request form", async ({ page }) => {
  await signIn(page, "accessibile-gratis@esempio.it");
  await page.goto("/debate");
  await expect(page.getByRole("link", { name: "Passa a Base" })).toBeVisible();
  await expectAccessible(page, "/debate, piano Free");
  await page.goto("/rag");
  await expect(page.getByRole("link", { name: /Business|piani|Passa/ }).first()).toBeVisible();
  await expectAccessible(page, "/rag, piano Free");
  await page.goto("/business-index-request");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectAccessible(page, "/business-index-request");
});

test("a debate to its judge's scorecard and feedback form", async ({ page }) => {
  await signIn(page, "base@oystar.test");
  await page.goto("/debate");
  await expectAccessible(page, "/debate, inizio");
  const panel = page.getByRole("region", { name: "Impostazioni del dibattito" });
  const slider = panel.getByRole("slider", { name: "Durata del dibattito" });
  if (!(await slider.isVisible())) await panel.getByRole("button", { name: "Impostazioni" }).click();
  await slider.fill("6");
  // Manual (now one switch away from the automatic default): each turn at once, without auto's 3 s.
  const mode = panel.getByRole("switch", { name: "Modalità automatica" });
  if ((await mode.getAttribute("aria-checked")) === "true") await mode.click();
  await page.getByRole("textbox", { name: "Tesi A (a favore)" }).fill("Il treno");
  await page.getByRole("textbox", { name: "Tesi B (contro)" }).fill("L'aereo");
  await page.getByRole("button", { name: "Avvia Dibattito" }).click();
  const scorecard = page.getByRole("region", { name: "Valutazione del giudice" });
  // Manual or automatic, the debate is played to its end: 'Prossimo' whenever it is offered.
  const next = page.getByRole("button", { name: /^Prossimo/ });
  for (;;) {
    await expect(next.or(scorecard).first()).toBeVisible({ timeout: 60_000 });
    if (await scorecard.isVisible()) break;
    await next.click();
  }
  await expect(scorecard).toContainText(/Verdetto/);
  await expect(page.getByRole("button", { name: "Invia feedback" })).toBeVisible();
  await expectAccessible(page, "/debate con la valutazione del giudice");
});

test("RAG with an answer and its sources", async ({ page }) => {
  await signIn(page, "business@oystar.test");
  await page.goto("/rag");
  await expectAccessible(page, "/rag, inizio");
  await sendQuestion(page, "Quando fioriscono le camelie e dove si possono vedere?");
  await expect(page.getByRole("region", { name: "Fonti utilizzate" }).last()).toBeVisible();
  await expectAccessible(page, "/rag con una risposta");

  await page.locator(".chat-message--assistant").last().getByRole("link", { name: "Fonte 1", exact: true }).first().click();
  await expect(page.locator("mark.rag-viewer__mark").first()).toBeVisible();
  await expectAccessible(page, "/rag con il visore delle fonti aperto");
});

/** Presses Tab until `target` has the focus (a keyboard user's way there); fails if it never does. */
async function tabTo(page: Page, target: ReturnType<Page["getByRole"]>) {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("non raggiungibile con la tastiera");
}

test("with the keyboard alone: a chat question, a RAG question, a debate", async ({ page }) => {
  await signIn(page, "business@oystar.test");
  const message = page.getByRole("textbox", { name: "Messaggio" });
  await tabTo(page, message);
  await page.keyboard.type("Ciao dalla tastiera");
  // Enter sends once the page has heard from the server (spec 001 §4), as the button shows.
  await expect(page.getByRole("button", { name: "Invia" })).toBeEnabled();
  await page.keyboard.press("Enter");
  await expect(page.locator(".chat-message--assistant").last()).toContainText("Modello dimostrativo offline");

  await page.goto("/rag");
  await tabTo(page, message);
  await page.keyboard.type("Quando fioriscono le camelie?");
  // Enter sends once the page has heard from the server (spec 001 §4), as the button shows.
  await expect(page.getByRole("button", { name: "Invia" })).toBeEnabled();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Fonti utilizzate" }).last()).toBeVisible();

  await page.goto("/debate");
  await tabTo(page, page.getByRole("textbox", { name: "Tesi A (a favore)" }));
  await page.keyboard.type("Il mare");
  await tabTo(page, page.getByRole("textbox", { name: "Tesi B (contro)" }));
  await page.keyboard.type("La montagna");
  await tabTo(page, page.getByRole("button", { name: "Avvia Dibattito" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Interventi del dibattito" })).toContainText("Il mare");
});

// Issue 35 §1: the conversations kept on the device, with one kept and one being renamed.
test("the conversations panel", async ({ page }) => {
  await signIn(page, "accessibile@esempio.it");
  await sendQuestion(page, "Una domanda da ricordare");
  await expect(page.locator(".chat-message--assistant").last()).toContainText(/Primo carattere in/);
  await page.getByRole("button", { name: "Conversazioni" }).click();
  const panel = page.getByRole("dialog", { name: "Conversazioni" });
  await expect(panel.getByRole("button", { name: "Apri «Una domanda da ricordare»" })).toBeVisible();
  await expectAccessible(page, "Conversazioni");
  await panel.getByRole("button", { name: "Rinomina" }).click();
  await expect(panel.getByRole("textbox", { name: "Nuovo titolo" })).toBeFocused();
  await expectAccessible(page, "Conversazioni, rinomina");
});

// Issue 50 §3: the conversations' sidebar on a wide screen, open.
test("the conversations' sidebar", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "barra-accessibile@esempio.it");
  await sendQuestion(page, "Una domanda per la barra");
  await expect(page.locator(".chat-message--assistant").last()).toContainText(/Primo carattere in/);
  const sidebar = page.getByRole("complementary", { name: "Conversazioni salvate su questo dispositivo" });
  await sidebar.getByRole("button", { name: "Apri la barra laterale" }).click();
  await expect(sidebar.getByRole("button", { name: "Apri «Una domanda per la barra»" })).toBeVisible();
  await expectAccessible(page, "barra delle conversazioni");
});

// Issue 36 §8: 'Il mio account', and the confirmation before 'Elimina account' (cancelled here).
test("'Il mio account' and its deletion's confirmation", async ({ page }) => {
  await signIn(page, "accessibile-account@esempio.it");
  await page
    .getByRole("banner")
    .getByRole("link", { name: /^Il mio account/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Il mio account" })).toBeVisible();
  await expectAccessible(page, "/account");
  await page.getByRole("button", { name: "Elimina account" }).click();
  const dialog = page.getByRole("dialog", { name: "Eliminare l'account?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "/account, conferma dell'eliminazione");
  await dialog.getByRole("button", { name: "Annulla" }).click();
  await expect(dialog).toHaveCount(0);
});

// Issue 48: 'I miei documenti' with an index open — a document indexed, one refused — and the
// confirmation before a document is removed (cancelled here).
test("'I miei documenti' with its documents, and a removal's confirmation", async ({ page }) => {
  await signIn(page, "enterprise@oystar.test");
  await page.goto("/rag/documenti");
  await expect(page.getByRole("heading", { level: 1, name: "I miei documenti" })).toBeVisible();
  await page.getByRole("button", { name: "Nuovo indice" }).click();
  await page.getByLabel("Nome del nuovo indice").fill("Accessibile");
  await page.getByRole("button", { name: "Crea" }).click();
  await page.getByRole("button", { name: "Apri l'indice Accessibile" }).click();
  await page.getByLabel("Carica documenti").setInputFiles([
    { name: "nota.md", mimeType: "text/markdown", buffer: Buffer.from("# Nota\n\nIl cantiere apre il 9 marzo.") },
    { name: "foto.jpg", mimeType: "image/jpeg", buffer: Buffer.from([0xff, 0xd8, 0xff]) },
  ]);
  await expect(page.getByRole("row").filter({ hasText: "nota.md" })).toContainText("Indicizzato");
  await expect(page.getByRole("row").filter({ hasText: "foto.jpg" })).toContainText("Rifiutato");
  await expectAccessible(page, "/rag/documenti");
  await page.getByRole("button", { name: "Elimina nota.md" }).click();
  const dialog = page.getByRole("dialog", { name: "Elimina nota.md" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "/rag/documenti, conferma dell'eliminazione");
  await dialog.getByRole("button", { name: "Annulla" }).click();
  await page.getByRole("button", { name: "Elimina indice Accessibile" }).click();
  await page.getByRole("dialog", { name: "Elimina indice Accessibile" }).getByRole("button", { name: "Elimina" }).click();
  await expect(page.getByRole("button", { name: "Apri l'indice Accessibile" })).toHaveCount(0);
});

// Issue 51: 'Abbonamento' with a running subscription and its invoices, and the two confirmations.
test("'Abbonamento' with a subscription, the cancellation's and the plan change's confirmations", async ({ page }) => {
  await signIn(page, "accessibile-abbonamento@esempio.it");
  await buyPlan(page, "Pro");
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Abbonamento" });
  await expect(section.getByRole("table")).toBeVisible();
  await expectAccessible(page, "/account con un abbonamento");
  await section.getByRole("button", { name: "Disdici abbonamento" }).click();
  const cancel = page.getByRole("dialog", { name: "Disdire l'abbonamento?" });
  await expect(cancel).toBeVisible();
  await expectAccessible(page, "/account, conferma della disdetta");
  await cancel.getByRole("button", { name: "Annulla" }).click();
  await section.getByRole("button", { name: "Passa a Business" }).click();
  const change = page.getByRole("dialog", { name: "Passare a Business?" });
  await expect(change.getByText(/^Oggi paghi/)).toBeVisible();
  await expectAccessible(page, "/account, conferma del cambio di piano");
  await change.getByRole("button", { name: "Annulla" }).click();
});
