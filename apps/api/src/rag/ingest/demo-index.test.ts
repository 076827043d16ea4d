import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { DocumentReader } from "./document-reader";
import { documentText } from "./document-text";

// spec 001 §1, DESIGN.md §8: the demo index is an original Italian collection about gardens and
// tourism — large enough to show retrieval at work (the QA set of `pnpm rag eval` asks it 299 questions).

const folder = new URL("../../../rag-demo/", import.meta.url);
/** Issue 34 §6: one of each kind of a firm's documents, short as such documents are (scripts/demo-documents.ts). */
const FIRM_DOCUMENTS = ["manutenzione-del-roseto.docx", "visita-guidata-al-giardino.eml", "cartello-della-limonaia.pdf"];

test("the demo collection has at least 60 documents and a few PDFs, each with a title and no address that leads nowhere", async () => {
  const files = readdirSync(folder).filter((name) => /\.(md|pdf)$/.test(name) && !FIRM_DOCUMENTS.includes(name));
  expect(files.length).toBeGreaterThanOrEqual(60);
  const documents = await Promise.all(
    files.map(async (name) => ({ name, ...(await documentText(name, readFileSync(fileURLToPath(new URL(name, folder))))) })),
  );
  for (const document of documents) {
    expect(document.title, document.name).not.toBe("");
    // Issue 25: the demo's documents open in the source viewer; they have no page on the web.
    expect(document.url, document.name).toBeNull();
    expect(document.text.length, document.name).toBeGreaterThan(1000);
  }
  expect(new Set(documents.map((document) => document.title)).size).toBe(documents.length);
  // A new user sees the page view too: PDFs of several pages.
  const pdfs = documents.filter((document) => document.name.endsWith(".pdf"));
  expect(pdfs.length).toBeGreaterThanOrEqual(3);
  for (const pdf of pdfs) expect(pdf.pages, pdf.name).toBeGreaterThanOrEqual(2);
});

test("issue 34: the demo has a Word file, an e-mail and a scanned page, each read with its title (the scan by OCR)", async () => {
  const reader = new DocumentReader({ workers: 1 });
  try {
    const read = await Promise.all(
      FIRM_DOCUMENTS.map(async (filename) => reader.read({ filename, bytes: readFileSync(fileURLToPath(new URL(filename, folder))) })),
    );
    expect(read.map((document) => document.title)).toEqual([
      "Manutenzione del roseto: il calendario del giardiniere",
      "Conferma della visita guidata al Giardino dei Semplici",
      "Cartello della limonaia",
    ]);
    expect(read[0]?.text).toContain("A fine febbraio si potano le rose rifiorenti");
    expect(read[1]?.text).toContain("La guida sarà la botanica Elena Ricci");
    expect(read[2]).toMatchObject({ pages: 1, ocr: { pages: [1], unreadable: [] } });
    expect(read[2]?.text).toContain("La limonaia riapre alle visite il primo maggio.");
  } finally {
    await reader.close();
  }
});
