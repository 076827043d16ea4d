import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, test } from "vitest";
import { answerPdf, answerPdfFileName, simplifiedPdfText } from "./answer-pdf";

const date = new Date("2026-03-04T10:00:00Z");

async function pagesOf(blob: Blob): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(await blob.arrayBuffer()), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages;
}

describe("an answer as PDF", () => {
  test("file name: the AI name, the document and the date, or a generic name with the date", () => {
    expect(answerPdfFileName({ documentName: "Verbale assemblea marzo.pdf", date })).toBe("OYSTAR_AI_Verbale_assemblea_marzo_2026-03-04.pdf");
    expect(answerPdfFileName({ date })).toBe("OYSTAR_AI_risposta_2026-03-04.pdf");
  });

  test("a long answer flows over pages, each with its number in the footer", async () => {
    const text = Array.from({ length: 80 }, (_, index) => `Punto ${index + 1}: una riga della risposta.`).join("\n");
    const pages = await pagesOf(await answerPdf({ text, documentName: "Bilancio.pdf", date }));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0]).toContain("OYSTAR AI — Bilancio.pdf");
    expect(pages[0]).toContain("Punto 1: una riga della risposta.");
    expect(pages.at(-1)).toContain("Punto 80: una riga della risposta.");
    pages.forEach((page, index) => expect(page).toContain(`Pagina ${index + 1} di ${pages.length}`));
  });

  test("the simplified text keeps the words and drops what standard fonts cannot write", () => {
    expect(simplifiedPdfText("Perché “sì” — ok… 🚀 fatto")).toBe('Perché "sì" - ok...  fatto');
  });
});
