import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, test } from "vitest";
import { answerPdf, answerPdfFileName, documentPdf, fileNamePart, simplifiedPdfText } from "./answer-pdf";

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
    expect(answerPdfFileName({ documentName: "Verbale assemblea marzo.pdf", date })).toBe(
      "OYSTAR_AI_Verbale_assemblea_marzo_2026-03-04.pdf",
    );
    expect(answerPdfFileName({ date })).toBe("OYSTAR_AI_risposta_2026-03-04.pdf");
  });

  test("a long answer flows over pages, each with its number in the footer", async () => {
    // Markdown paragraphs (issue 50 §6: the answer is drawn as Markdown reads).
    const text = Array.from({ length: 80 }, (_, index) => `Punto ${index + 1}: una riga della risposta.`).join("\n\n");
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

  test("a file name part keeps letters without their accents, digits and dashes", () => {
    expect(fileNamePart("Perché «sì»: lavoro da casa!")).toBe("Perche_si_lavoro_da_casa");
    expect(fileNamePart("a".repeat(20) + " b", 21)).toBe("a".repeat(20));
  });
});

describe("a document on the shared page", () => {
  test("title, subtitle, headings, captions, paragraphs and numbered lists in reading order, the product in the footer", async () => {
    const pages = await pagesOf(
      await documentPdf({
        title: "OYSTAR Debate — Mare contro Montagna",
        subtitle: "6 turni",
        blocks: [
          { kind: "heading", text: "Introduzione" },
          { kind: "caption", text: "Modello A · Opposizione · turno 1" },
          { kind: "paragraph", text: "Il mare riposa." },
          { kind: "list", items: ["Prenotare", "Partire"] },
        ],
        date,
        product: "OYSTAR Debate",
      }),
    );
    const text = pages.join(" ");
    const order = [
      "OYSTAR Debate — Mare contro Montagna",
      "6 turni",
      "Introduzione",
      "Modello A · Opposizione · turno 1",
      "Il mare riposa.",
      "1. Prenotare",
      "2. Partire",
    ];
    const positions = order.map((piece) => text.indexOf(piece));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(pages[0]).toContain("Pagina 1 di 1 · OYSTAR Debate · 04/03/2026");
  });
});
