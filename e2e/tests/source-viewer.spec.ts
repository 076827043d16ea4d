import { expect, test, type Locator, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { authorizationWhile } from "../support/api-token";
import { collectConsoleErrors } from "../support/console-errors";
import { expectInert, watchHostilePage } from "../support/inert";
import { HOSTILE_INDEX, HOSTILE_TOPIC, hostileTitles } from "../support/hostile-documents";
import { pdfPages } from "../support/pdf-text";
import { signIn } from "../support/sign-in";
import { sendQuestion } from "../support/composer";

// Issue 25, the source viewer: a citation opens the passage it rests on, highlighted in its
// document; a PDF at its page. Over the demo index and the offline model, and an Enterprise
// customer's own index of hostile documents (playwright.config.ts: RAG_DEV_INDEXES_DIR).

async function openRag(page: Page, email: string): Promise<string> {
  await signIn(page, email);
  return authorizationWhile(page, () => page.goto("/rag"));
}

/** Asks on the screen and waits for the whole answer, sources included. */
async function ask(page: Page, question: string): Promise<Locator> {
  await sendQuestion(page, question);
  const answer = page.locator(".chat-message--assistant").last();
  await expect(answer.getByRole("region", { name: "Fonti utilizzate" })).toBeVisible();
  await expect(page.locator(".chat-cursor")).toHaveCount(0);
  return answer;
}

/** The events of an answer asked over the API: its last list of sources. */
async function sourcesOf(
  page: Page,
  authorization: string,
  body: Record<string, unknown>,
): Promise<Array<{ chunkId: string; filename: string; title: string }>> {
  const response = await page.request.post("/api/ask-stream", { headers: { Authorization: authorization }, data: body });
  expect(response.status()).toBe(200);
  const lists = (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)) as { sources?: Array<{ chunkId: string; filename: string; title: string }> })
    .flatMap((event) => (event.sources ? [event.sources] : []));
  return lists.at(-1) ?? [];
}

test("a Business user opens [1] of a demo answer: its title, the passage highlighted, the next passage, Escape back on [1]", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await openRag(page, "business@oystar.test");
  const answer = await ask(page, "Come si pota l'ulivo e in quale periodo?");
  const citation = answer.getByRole("link", { name: "Fonte 1", exact: true }).first();
  const title = (await answer.locator(".rag-source").first().locator(".rag-source__title").innerText()).trim();
  // The demo's documents have no dead address any more: their titles open the viewer.
  await expect(answer.getByRole("region", { name: "Fonti utilizzate" }).locator('a[href*="oystar.example"]')).toHaveCount(0);

  await citation.click();
  const viewer = page.getByRole("dialog", { name: title });
  await expect(viewer).toBeVisible();
  // The passage (its paragraphs each marked), scrolled into view in its surroundings.
  const marks = viewer.locator("mark.rag-viewer__mark");
  await expect(marks.first()).toBeVisible();
  await expect(marks.first()).toBeInViewport();
  const first = (await marks.allInnerTexts()).join(" ");
  expect(first.length).toBeGreaterThan(100);
  expect((await viewer.locator(".rag-viewer__text").innerText()).length).toBeGreaterThan(first.length);

  const passages = viewer.getByRole("navigation", { name: "Passaggi citati di questo documento" });
  await expect(passages).toContainText(/Passaggio 1 di \d+/);
  const count = Number(/Passaggio 1 di (\d+)/.exec(await passages.innerText())?.[1]);
  expect(count).toBeGreaterThanOrEqual(2);
  await passages.getByRole("button", { name: "Passaggio successivo" }).click();
  await expect(passages).toContainText(`Passaggio 2 di ${count}`);
  await expect.poll(async () => (await marks.allInnerTexts()).join(" ")).not.toBe(first);
  await expect(marks.first()).toBeInViewport();

  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(citation).toBeFocused();
  expect(errors).toEqual([]);
});

test("a PDF source opens at its page, drawn by pdf.js, the passage highlighted on the page; its pages turn", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await openRag(page, "business@oystar.test");
  const answer = await ask(page, "Si può usare il drone per fotografare un giardino?");
  const source = answer.locator(".rag-source", { hasText: "Fotografare i giardini" }).first();
  const opener = source.getByRole("button", { name: "Apri Fotografare i giardini nel visualizzatore delle fonti" });
  await opener.click();
  const viewer = page.getByRole("dialog", { name: "Fotografare i giardini" });
  await expect(viewer.getByText("File: fotografare-i-giardini.pdf")).toBeVisible();
  const pages = viewer.getByRole("navigation", { name: "Pagine del documento" });
  await expect(pages).toContainText(/Pagina \d di 3/);
  const page0 = Number(/Pagina (\d) di 3/.exec(await pages.innerText())?.[1]);
  // The page itself: a canvas pdf.js has drawn on, its text layer over it, the passage marked there.
  const canvas = viewer.locator("canvas.rag-viewer__canvas");
  await expect(canvas).toBeVisible();
  const marked = viewer.locator(".textLayer mark");
  await expect(marked.first()).toBeVisible();
  const highlighted = (await marked.allInnerTexts()).join(" ");
  expect(highlighted.length).toBeGreaterThan(40);
  const drawn = await canvas.evaluate((element: HTMLCanvasElement) => {
    const pixels = element.getContext("2d")!.getImageData(0, 0, element.width, element.height).data;
    let ink = 0;
    for (let index = 0; index < pixels.length; index += 4) if (pixels[index]! < 128) ink += 1;
    return ink;
  });
  expect(drawn).toBeGreaterThan(1000);

  // The next page has no highlight; back to the passage's page, it is there again.
  const next = page0 < 3 ? "Pagina successiva" : "Pagina precedente";
  await pages.getByRole("button", { name: next }).click();
  await expect(pages).toContainText(`Pagina ${page0 < 3 ? page0 + 1 : page0 - 1} di 3`);
  await expect(
    viewer.locator(`.rag-viewer__page[data-page="${page0 < 3 ? page0 + 1 : page0 - 1}"] .textLayer span`).first(),
  ).toBeAttached();
  await expect(marked).toHaveCount(0);
  await pages.getByRole("button", { name: page0 < 3 ? "Pagina precedente" : "Pagina successiva" }).click();
  await expect(marked.first()).toBeVisible();

  await viewer.getByRole("button", { name: "Chiudi" }).click();
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
  expect(errors).toEqual([]);
});

/** The cited passage's disclosure under a PDF's page. */
const CITED_PASSAGE = "Passaggio citato";

test("issue 34: the demo's scanned page answers a question, and opens as the page's picture, the passage highlighted on it and OCR's text under it", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await openRag(page, "business@oystar.test");
  const answer = await ask(page, "Quando riapre alle visite la limonaia di Villa Aurora?");
  const source = answer.locator(".rag-source", { hasText: "Cartello della limonaia" }).first();
  await source.getByRole("button", { name: "Apri Cartello della limonaia nel visualizzatore delle fonti" }).click();
  const viewer = page.getByRole("dialog", { name: "Cartello della limonaia" });
  await expect(viewer.getByText("File: cartello-della-limonaia.pdf")).toBeVisible();
  await expect(viewer.getByRole("navigation", { name: "Pagine del documento" })).toContainText("Pagina 1 di 1");
  // The scan itself, drawn by pdf.js: a picture, no text layer.
  const canvas = viewer.locator("canvas.rag-viewer__canvas");
  await expect(canvas).toBeVisible();
  await expect
    .poll(() =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        // Read from a copy made for reading: the page's own canvas read again and again makes
        // Chrome warn (willReadFrequently), and the journey fails on warnings.
        const copy = document.createElement("canvas");
        copy.width = element.width;
        copy.height = element.height;
        const reader = copy.getContext("2d", { willReadFrequently: true })!;
        reader.drawImage(element, 0, 0);
        const pixels = reader.getImageData(0, 0, element.width, element.height).data;
        let ink = 0;
        for (let index = 0; index < pixels.length; index += 4) if (pixels[index]! < 128) ink += 1;
        return ink;
      }),
    )
    .toBeGreaterThan(1000);
  // The passage highlighted on the picture with the boxes of the words OCR read: over the scan's ink.
  const marks = viewer.locator(".rag-viewer__scan-mark");
  await expect(marks.first()).toBeVisible();
  await expect(marks.first()).toBeInViewport();
  expect(await marks.count()).toBeGreaterThanOrEqual(8);
  const inkUnderMarks = await viewer.evaluate((dialog) => {
    const surface = dialog.querySelector<HTMLCanvasElement>("canvas.rag-viewer__canvas")!;
    const area = surface.getBoundingClientRect();
    const ratio = surface.width / area.width;
    const copy = document.createElement("canvas");
    copy.width = surface.width;
    copy.height = surface.height;
    const reader = copy.getContext("2d", { willReadFrequently: true })!;
    reader.drawImage(surface, 0, 0);
    return [...dialog.querySelectorAll(".rag-viewer__scan-mark")].map((mark) => {
      const box = mark.getBoundingClientRect();
      const x = Math.floor((box.left - area.left) * ratio);
      const y = Math.floor((box.top - area.top) * ratio);
      const pixels = reader.getImageData(x, y, Math.max(1, Math.ceil(box.width * ratio)), Math.max(1, Math.ceil(box.height * ratio))).data;
      let ink = 0;
      for (let index = 0; index < pixels.length; index += 4) if (pixels[index]! < 128) ink += 1;
      return ink;
    });
  });
  expect(inkUnderMarks.every((ink) => ink > 0)).toBe(true);
  // What OCR read of it, under the page.
  const cited = viewer.locator("details", { hasText: CITED_PASSAGE });
  await cited.getByText(CITED_PASSAGE).click();
  await expect(cited.getByText(/La limonaia riapre alle visite il primo maggio/)).toBeVisible();
  expect(errors).toEqual([]);
});

test("on a phone the viewer is a full-screen sheet", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openRag(page, "business@oystar.test");
  const answer = await ask(page, "Come si pota l'ulivo e in quale periodo?");
  await answer.getByRole("link", { name: "Fonte 1", exact: true }).first().click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.locator("mark.rag-viewer__mark").first()).toBeVisible();
  const box = (await viewer.boundingBox())!;
  expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
});

test("another customer's passage and original are refused by the API like missing ones", async ({ browser }) => {
  const enterpriseContext = await browser.newContext();
  const enterprisePage = await enterpriseContext.newPage();
  const enterprise = await openRag(enterprisePage, "enterprise@oystar.test");
  const own = await sourcesOf(enterprisePage, enterprise, {
    question: `Che cosa custodisce il registro delle prove del ${HOSTILE_TOPIC}?`,
    index_names: [HOSTILE_INDEX],
  });
  const foreign = own.find((source) => source.filename.endsWith(".pdf"));
  expect(foreign).toBeDefined();
  const mine = await enterprisePage.request.get(`/api/rag/passages/${foreign!.chunkId}`, { headers: { Authorization: enterprise } });
  expect(mine.status()).toBe(200);
  const documentId = ((await mine.json()) as { document: { id: string } }).document.id;
  expect(
    (await enterprisePage.request.get(`/api/rag/documents/${documentId}/original`, { headers: { Authorization: enterprise } })).status(),
  ).toBe(200);

  const businessContext = await browser.newContext();
  const businessPage = await businessContext.newPage();
  const business = await openRag(businessPage, "business@oystar.test");
  const get = (path: string) => businessPage.request.get(path, { headers: { Authorization: business }, failOnStatusCode: false });
  const refused = await get(`/api/rag/passages/${foreign!.chunkId}`);
  const missing = await get("/api/rag/passages/987654321");
  expect(refused.status()).toBe(404);
  expect(await refused.text()).toBe(await missing.text());
  expect(await refused.json()).toEqual({ error: "Passaggio non trovato." });
  const refusedOriginal = await get(`/api/rag/documents/${documentId}/original`);
  expect(refusedOriginal.status()).toBe(404);
  expect(await refusedOriginal.text()).toBe(await (await get("/api/rag/documents/987654321/original")).text());
  await Promise.all([enterpriseContext.close(), businessContext.close()]);
});

test("hostile documents stay inert: their titles, file names, passages and PDF text are shown as text, nothing runs or loads", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  // Every request stays on the product's origin (an image, a stylesheet, a frame of a payload would not).
  const hostile = watchHostilePage(page);
  await openRag(page, "enterprise@oystar.test");
  const baseline = await page.evaluate(() => document.querySelectorAll("script").length);

  const answer = await ask(page, `Che cosa custodisce il ${HOSTILE_TOPIC}?`);
  const list = answer.getByRole("region", { name: "Fonti utilizzate" });
  // Every source in view (passages consulted but not cited stay folded).
  const openers = list.locator("button.rag-source__open").filter({ visible: true });
  const titles = (await openers.allInnerTexts()).map((text) => text.trim());
  expect(titles.some((title) => hostileTitles.includes(title))).toBe(true);
  for (let index = 0; index < titles.length; index += 1) {
    await openers.nth(index).click();
    const viewer = page.getByRole("dialog");
    await expect(viewer.locator("mark").first()).toBeVisible();
    await expect(viewer.locator(".oy-dialog__title")).toHaveText(titles[index]!);
    await expectInert(viewer);
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
  }

  // The hostile PDF: its title and its text, drawn by pdf.js on the page and in its text layer.
  const registry = await ask(page, `Che cosa custodisce il registro delle prove del ${HOSTILE_TOPIC}?`);
  const pdf = registry.locator(".rag-source", { hasText: "registro-ostile.pdf" }).first();
  await pdf.locator("button.rag-source__open").click();
  const viewer = page.getByRole("dialog");
  await expect(viewer.locator(".oy-dialog__title")).toHaveText("<script>alert('xss-1')</script>");
  await expect(viewer.locator(".textLayer mark").first()).toBeVisible();
  await expect(viewer.locator(".textLayer")).toContainText("onerror=");
  await expectInert(viewer);
  await page.keyboard.press("Escape");

  expect(await page.evaluate(() => document.querySelectorAll("script").length)).toBe(baseline);
  expect(hostile.dialogs).toEqual([]);
  expect(hostile.outside).toEqual([]);
  expect(errors).toEqual([]);
});

test("the answer saved as a PDF carries each cited source with its title, page and the cited excerpt", async ({ page }) => {
  await openRag(page, "business@oystar.test");
  const answer = await ask(page, "Si può usare il drone per fotografare un giardino?");
  const download = page.waitForEvent("download");
  await answer.getByRole("button", { name: "Scarica PDF" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^OYSTAR_RAG_\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = (await pdfPages(new Uint8Array(await readFile(await file.path())))).join(" ").replace(/\s+/g, " ");
  expect(text).toContain("Risposta dai documenti");
  expect(text).toContain("Domanda: Si può usare il drone per fotografare un giardino?");
  expect(text).toContain("Fonti utilizzate");
  expect(text).toMatch(/\[\d+\] Fotografare i giardini \(fotografare-i-giardini\.pdf\)/);
  expect(text).toMatch(/«[^»]+», pagina \d/);
});
