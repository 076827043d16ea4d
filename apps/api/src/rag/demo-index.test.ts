import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { documentText } from "./document-text";

// spec 001 §1, DESIGN.md §8: the demo index is an original Italian collection about gardens and
// tourism — large enough to show retrieval at work (the QA set of `pnpm rag eval` asks it 299 questions).

const folder = new URL("../../rag-demo/", import.meta.url);

test("the demo collection has at least 60 documents, each with a title and a public https address", async () => {
  const files = readdirSync(folder).filter((name) => name.endsWith(".md"));
  expect(files.length).toBeGreaterThanOrEqual(60);
  const documents = await Promise.all(files.map(async (name) => ({ name, ...(await documentText(name, readFileSync(fileURLToPath(new URL(name, folder))))) })));
  for (const document of documents) {
    expect(document.title, document.name).not.toBe("");
    expect(document.url, document.name).toMatch(/^https:\/\//);
    expect(document.text.length, document.name).toBeGreaterThan(1000);
  }
  expect(new Set(documents.map((document) => document.title)).size).toBe(documents.length);
});
