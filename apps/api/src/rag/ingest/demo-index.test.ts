import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { documentText } from "./document-text";

// spec 001 §1, DESIGN.md §8: the demo index is an original Italian collection about gardens and
// tourism — large enough to show retrieval at work (the QA set of `pnpm rag eval` asks it 299 questions).

const folder = new URL("../../../rag-demo/", import.meta.url);

test("the demo collection has at least 60 documents and a few PDFs, each with a title and no address that leads nowhere", async () => {
  const files = readdirSync(folder).filter((name) => /\.(md|pdf)$/.test(name));
  expect(files.length).toBeGreaterThanOrEqual(60);
  const documents = await Promise.all(files.map(async (name) => ({ name, ...(await documentText(name, readFileSync(fileURLToPath(new URL(name, folder))))) })));
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
