import { expect, test, type Locator, type Page } from "@playwright/test";
import { payWithCard } from "../support/checkout";
import { collectConsoleErrors } from "../support/console-errors";
import { sendQuestion } from "../support/composer";
import { signIn } from "../support/sign-in";

// Issue 52 §7: the small things a new user trips on, each where a person would notice it —
// measured (boxes, colours, focus), not assumed.

const phone = { width: 390, height: 844 };

/** WCAG 2.2, 2.5.8: a pointer target at least 24 × 24 CSS pixels. */
async function expectTapTarget(target: Locator) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  expect(box?.width, "larghezza").toBeGreaterThanOrEqual(24);
  expect(box?.height, "altezza").toBeGreaterThanOrEqual(24);
}

/** Relative luminance of a CSS colour (WCAG 2.x), from Chromium's computed 'rgb(r, g, b)'. */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? ["0", "0", "0"]).slice(0, 3).map((value) => Number(value) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

const backgroundOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

test("the chat on load: a skip link first, the question box focused; the header stays in view in a long chat; no error or warning", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "pro@oystar.test");
  // The box has the focus at once (18 Tabs before): typing goes in.
  const box = page.getByRole("textbox", { name: "Messaggio" });
  await expect(box).toBeFocused();
  // The first Tab from the top of the page is the skip link, and it leads to the content.
  // (As on a fresh page: the keyboard starts from the top.)
  await page.evaluate(() => {
    const start = document.createElement("span");
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.remove();
  });
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Vai al contenuto" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#contenuto")).toBeFocused();

  // A conversation longer than the screen: the header is still there at its end.
  for (const question of ["Ciao!", "Che cosa sai fare?", "E in italiano?", "Raccontami una storia lunga."]) {
    await sendQuestion(page, question);
    await expect(page.locator(".chat-cursor")).toHaveCount(0);
  }
  await expect(page.locator(".chat-message--assistant")).toHaveCount(4);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const header = page.getByRole("banner");
  await expect(header).toBeInViewport();
  expect((await header.boundingBox())?.y).toBe(0);
  // The version opens the advanced settings (spec 001 §2), and is a target a finger can hit.
  await expectTapTarget(header.getByRole("button", { name: /^v\d/ }));
  expect(errors).toEqual([]);
});

test("the header's small targets and the offline notice's 'Dettagli' are 24 px at least; the not-found page's way back too", async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await signIn(page, "free@oystar.test");
  await expectTapTarget(page.getByRole("button", { name: /^v\d/ }));
  await expectTapTarget(page.getByRole("button", { name: "Dettagli" }));
  await page.goto("/pagina-che-non-esiste");
  await expectTapTarget(page.getByRole("link", { name: "Torna alla home" }));
});

test("a RAG answer: the folds' 'Altri passaggi consultati' are 24 px targets; the viewer shows no Markdown list markers", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "business@oystar.test");
  await page.goto("/rag");
  await sendQuestion(page, "Quali sono le specie di lavanda più coltivate?");
  const answer = page.locator(".chat-message--assistant").last();
  const sources = answer.getByRole("region", { name: "Fonti utilizzate" });
  await expect(sources).toBeVisible();
  await expect(page.locator(".chat-cursor")).toHaveCount(0);
  const folds = sources.locator("summary");
  for (const fold of await folds.all()) await expectTapTarget(fold);
  // The lavender document lists its species as a Markdown list: bullets, not '- '.
  await sources.getByRole("button", { name: /Apri La lavanda in giardino nel visualizzatore/ }).click();
  const viewer = page.getByRole("dialog", { name: "La lavanda in giardino" });
  const text = viewer.locator(".rag-viewer__text");
  await expect(text).toContainText("•");
  const paragraphs = await text.locator("p").allInnerTexts();
  expect(paragraphs.filter((paragraph) => /^\s*[-*+] /.test(paragraph))).toEqual([]);
  await page.keyboard.press("Escape");
  expect(errors).toEqual([]);
});

test("'Basati sui documenti': a click on its words flips the switch", async ({ page }) => {
  await signIn(page, "business@oystar.test");
  await page.goto("/debate");
  const panel = page.getByRole("region", { name: "Impostazioni del dibattito" });
  await panel.getByRole("button", { name: "Impostazioni" }).click();
  const documents = panel.getByRole("switch", { name: "Basati sui documenti" });
  await expect(documents).toHaveAttribute("aria-checked", "false");
  await panel.getByText("Basati sui documenti", { exact: true }).click();
  await expect(documents).toHaveAttribute("aria-checked", "true");
  await expect(panel.getByRole("combobox", { name: "Indice dei documenti" })).toBeVisible();
});

test("Free on /debate: the upsell names every plan with debates, and 'Dibattiti: 0/0' is no alarm", async ({ page }) => {
  // A new account starts on Free (the seeded free@ may have bought a plan in another journey).
  await signIn(page, "senza-dibattiti@esempio.it");
  await page.goto("/debate");
  await expect(page.getByRole("heading", { name: "Il tuo piano non include i dibattiti" })).toBeVisible();
  await expect(page.getByText("I dibattiti sono inclusi nei piani Base, Pro, Business ed Enterprise.")).toBeVisible();
  await expect(page.getByText("I dibattiti sono nei piani Base e Pro")).toHaveCount(0);
  const badge = page.getByRole("banner").getByLabel("Dibattiti: 0/0");
  await expect(badge).toBeVisible();
  await expect(badge).not.toHaveClass(/oy-badge--danger/);
});

test("at 390 px the conversations panel's 'Esci e cancella da questo dispositivo' is whole, inside the panel", async ({ page }) => {
  await page.setViewportSize(phone);
  await signIn(page, "pro@oystar.test");
  await page.getByRole("button", { name: "Conversazioni" }).first().click();
  const panel = page.getByRole("dialog", { name: "Conversazioni" });
  const button = panel.getByRole("button", { name: "Esci e cancella da questo dispositivo" });
  await expect(button).toBeVisible();
  const [inner, outer] = [await button.boundingBox(), await panel.boundingBox()];
  expect(inner!.x).toBeGreaterThanOrEqual(outer!.x);
  expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width + 0.5);
  expect(inner!.x).toBeGreaterThanOrEqual(0);
  expect(inner!.x + inner!.width).toBeLessThanOrEqual(phone.width);
});

test("signed in, /subscription?plan=pro hydrates without React error #418", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await signIn(page, "base@oystar.test");
  await page.goto("/subscription?plan=pro");
  await expect(page.getByRole("listitem", { name: "Pro" }).getByText("Piano selezionato")).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Base" }).getByRole("button", { name: "Piano attuale" })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("in the dark theme", () => {
  test.use({ colorScheme: "dark" });

  test("the development sign-in and checkout pages are dark too; a declined card keeps what was typed", async ({ page }) => {
    await page.goto("/login?returnTo=%2Fsubscription");
    await page.getByRole("button", { name: "ACCEDI" }).click();
    await expect(page.getByRole("heading", { name: "Accedi a OYSTAR" })).toBeVisible();
    // The card the accounts sit on is dark, its words light.
    expect(luminance(await backgroundOf(page, "main"))).toBeLessThan(0.1);
    expect(luminance(await page.locator("main h1").evaluate((element) => getComputedStyle(element).color))).toBeGreaterThan(0.6);
    // A new account, on Free (the seeded ones may have bought a plan in another journey).
    await page.getByLabel(/Un altro indirizzo email/).fill("al-buio@esempio.it");
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    const choose = page.getByRole("listitem", { name: "Base" }).getByRole("button", { name: "Scegli Base" });
    await expect(choose).toBeEnabled();
    await choose.click();
    await expect(page).toHaveURL(/\/api\/dev\/checkout\/cs_dev_/);
    expect(luminance(await backgroundOf(page, "main"))).toBeLessThan(0.1);
    expect(luminance(await backgroundOf(page, "input#name"))).toBeLessThan(0.1);
    await payWithCard(page, "4000 0000 0000 0002");
    await expect(page.getByRole("alert")).toHaveText("Carta rifiutata. Prova con un'altra carta.");
    await expect(page.getByLabel("Intestatario della carta")).toHaveValue("Maria Rossi");
    await expect(page.getByLabel("Scadenza (MM/AA)")).toHaveValue("12/40");
    // 'Annulla' says what happened where it lands.
    await page.getByRole("link", { name: "Annulla" }).click();
    await expect(page.getByText("Pagamento annullato: non è stato addebitato nulla e il tuo piano non è cambiato.")).toBeVisible();
  });
});

test("the plans say '1.000 domande al mese', as '1.000 utenti' is written", async ({ page }) => {
  await page.goto("/subscription");
  await expect(page.getByRole("listitem", { name: "Pro" })).toContainText("1.000 domande al mese");
  await expect(page.getByText("1000 domande")).toHaveCount(0);
});
