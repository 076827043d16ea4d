import { citedPassage } from "@oystar/conversation/testing";
import { expect, test } from "vitest";
import { ragAnswerPdf, ragAnswerPdfDocument, ragAnswerPdfFileName } from "./answer-pdf";

// Issue 25: an answer saved as a PDF carries each source it cites, with title, page and excerpt.

const sources = [
  citedPassage({
    noteNumber: 1,
    chunkId: "11",
    title: "Villa Aurora",
    filename: "villa-aurora.md",
    excerpt: "Villa Aurora fu costruita per il conte Ferrante Bassi.",
    support: { cited: true, confidence: null },
  }),
  citedPassage({
    noteNumber: 2,
    chunkId: "21",
    title: "Guida alle camelie",
    filename: "camelie.pdf",
    page: 3,
    excerpt: "Le camelie fioriscono **a marzo**.",
    support: { cited: true, confidence: null },
  }),
  citedPassage({
    noteNumber: 2,
    chunkId: "22",
    title: "Guida alle camelie",
    filename: "camelie.pdf",
    page: 4,
    excerpt: "Il giardino apre alle 9.",
    support: { cited: false, confidence: null },
  }),
  citedPassage({
    noteNumber: 3,
    chunkId: "31",
    title: "Il labirinto",
    filename: "labirinto.md",
    excerpt: "Le siepi sono alte un metro e ottanta.",
    support: { cited: false, confidence: null },
  }),
  citedPassage({
    noteNumber: 4,
    chunkId: "41",
    title: "Parcelle",
    filename: "parcelle.xlsx",
    place: "Foglio «Parcelle 2026»",
    excerpt: "Cliente: Ferretti · Importo: 800",
    support: { cited: true, confidence: null },
  }),
];
const answer = {
  content: "La villa fu costruita per il conte Bassi [1]. Le camelie fioriscono a marzo [2]. La parcella è di 800 euro [4].",
  sources,
};

test("the answer, then each cited document with its title, file, and its cited passages' excerpts and pages", () => {
  const document = ragAnswerPdfDocument(answer, "Quando fioriscono le camelie?", new Date("2026-11-25T10:00:00Z"));
  expect(document.title).toBe("Risposta dai documenti");
  expect(document.blocks).toEqual([
    { kind: "caption", text: "Domanda: Quando fioriscono le camelie?" },
    { kind: "paragraph", text: answer.content },
    { kind: "heading", text: "Fonti utilizzate" },
    { kind: "caption", text: "[1] Villa Aurora (villa-aurora.md)" },
    { kind: "list", items: ["«Villa Aurora fu costruita per il conte Ferrante Bassi.»"] },
    { kind: "caption", text: "[2] Guida alle camelie (camelie.pdf)" },
    // Only the passage the answer cites; Markdown's marks left out.
    { kind: "list", items: ["«Le camelie fioriscono a marzo.», pagina 3"] },
    // A workbook's passage by its sheet, where a PDF's has its page (issue 34).
    { kind: "caption", text: "[4] Parcelle (parcelle.xlsx)" },
    { kind: "list", items: ["«Cliente: Ferretti · Importo: 800», Foglio «Parcelle 2026»"] },
  ]);
});

test("issue 49 §4: a passage of an act is listed under its article, as lawyers cite it", () => {
  const article = citedPassage({
    noteNumber: 1,
    chunkId: "71",
    title: "costituzione art 21",
    filename: "costituzione-art-21.txt",
    reference: "Art. 21, comma 2 — Costituzione",
    excerpt: "La stampa non può essere soggetta ad autorizzazioni o censure.",
    support: { cited: true, confidence: null },
  });
  const document = ragAnswerPdfDocument(
    { content: "Nessuna censura [1].", sources: [article] },
    "art. 21 Cost.",
    new Date("2026-12-07T10:00:00Z"),
  );
  expect(document.blocks).toContainEqual({
    kind: "list",
    items: ["«La stampa non può essere soggetta ad autorizzazioni o censure.», Art. 21, comma 2 — Costituzione"],
  });
});

test("an answer that says the documents do not hold it lists no sources", () => {
  const document = ragAnswerPdfDocument(
    { content: "Non ho trovato questa informazione nei documenti dell'indice.", sources: [] },
    null,
    new Date(),
  );
  expect(document.blocks).toEqual([{ kind: "paragraph", text: "Non ho trovato questa informazione nei documenti dell'indice." }]);
});

test("it is a PDF file, named by the date", async () => {
  const date = new Date("2026-11-25T10:00:00Z");
  const pdf = await ragAnswerPdf(answer, "Domanda?", date);
  expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  expect(ragAnswerPdfFileName(date)).toBe("OYSTAR_RAG_2026-11-25.pdf");
});
