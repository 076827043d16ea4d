import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, test } from "vitest";
import { answerPdf } from "./answer-pdf";
import { conversationPdf, conversationPdfFileName } from "./conversation-pdf";
import { markdownPdfBlocks } from "./markdown-pdf";

// Issue 50 §6: the chat's 'Scarica PDF' printed raw Markdown ('**Modello dimostrativo offline**:',
// '> Verbale…') and left out the question. Read back with pdf.js, as a reader's viewer would.

const date = new Date("2026-03-04T10:00:00Z");

async function textOf(blob: Blob): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(await blob.arrayBuffer()), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    // Items on one line, lines apart: what a reader copies out of the PDF.
    let line = "";
    let lastY: number | null = null;
    for (const item of content.items) {
      if (!("str" in item)) continue;
      const y = item.transform[5] as number;
      if (lastY !== null && Math.abs(y - lastY) > 1) {
        pages.push(line);
        line = "";
      }
      line += item.str;
      lastY = y;
    }
    pages.push(line);
  }
  return pages.join("\n");
}

/** What Markdown leaves when it is printed instead of drawn. */
const MARKDOWN_MARKERS = [/\*\*/, /__/, /^\s*#{1,6}\s/m, /^\s*>\s/m, /^\s*[-*+]\s/m, /\|\s*:?-{3,}/, /```/, /`/, /\[[^\]]*\]\(/];

const ANSWER = [
  "**Modello dimostrativo offline**: ecco il verbale richiesto.",
  "",
  "## Decisioni prese",
  "",
  "> Verbale della riunione del 3 marzo 2026.",
  "",
  "- Il consiglio *approva* il bilancio",
  "- Bianchi prepara il `piano` entro aprile",
  "",
  "1. Convocare l'assemblea",
  "2. Inviare il [verbale](https://esempio.it/verbale)",
  "",
  "| Punto | Esito |",
  "| --- | --- |",
  "| Bilancio | Approvato |",
  "",
  "```",
  "totale = 1200",
  "```",
].join("\n");

describe("an answer's Markdown in a PDF", () => {
  test("is read as blocks: headings, styled runs, lists with their bullets, quotes, tables, code", () => {
    expect(markdownPdfBlocks(ANSWER)).toEqual([
      {
        kind: "rich",
        runs: [{ text: "Modello dimostrativo offline", bold: true }, { text: ": ecco il verbale richiesto." }],
      },
      { kind: "heading", text: "Decisioni prese" },
      { kind: "rich", runs: [{ text: "Verbale della riunione del 3 marzo 2026." }], indent: 6, quote: true },
      {
        kind: "rich",
        runs: [{ text: "Il consiglio " }, { text: "approva", italic: true }, { text: " il bilancio" }],
        indent: 6,
        bullet: "•",
      },
      {
        kind: "rich",
        runs: [{ text: "Bianchi prepara il " }, { text: "piano", code: true }, { text: " entro aprile" }],
        indent: 6,
        bullet: "•",
      },
      { kind: "rich", runs: [{ text: "Convocare l'assemblea" }], indent: 6, bullet: "1." },
      { kind: "rich", runs: [{ text: "Inviare il " }, { text: "verbale" }], indent: 6, bullet: "2." },
      {
        kind: "table",
        rows: [
          ["Punto", "Esito"],
          ["Bilancio", "Approvato"],
        ],
      },
      { kind: "code", text: "totale = 1200" },
    ]);
  });

  test("the chat's PDF has the question above the answer and no Markdown marker in its text", async () => {
    const text = await textOf(await answerPdf({ question: "Redigi il verbale", text: ANSWER, documentName: "Verbale.pdf", date }));
    for (const marker of MARKDOWN_MARKERS) expect(text).not.toMatch(marker);
    const order = [
      "Domanda",
      "Redigi il verbale",
      "Risposta",
      "Modello dimostrativo offline: ecco il verbale richiesto.",
      "Decisioni prese",
      "Verbale della riunione del 3 marzo 2026.",
      "•Il consiglio approva il bilancio",
      "1.Convocare l'assemblea",
      "Bilancio",
      "Approvato",
      "totale = 1200",
    ];
    const squeezed = text.replace(/\s+/g, "");
    const positions = order.map((piece) => squeezed.indexOf(piece.replace(/\s+/g, "")));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  test("a long paragraph of styled words wraps within the page and keeps every word", async () => {
    const words = Array.from({ length: 400 }, (_, index) => (index % 7 === 0 ? `**parola${index}**` : `parola${index}`)).join(" ");
    const text = await textOf(await answerPdf({ text: words, date }));
    expect(text).not.toMatch(/\*\*/);
    const found = text.match(/parola\d+/g) ?? [];
    expect(found).toEqual(Array.from({ length: 400 }, (_, index) => `parola${index}`));
  });
});

describe("a whole conversation in a PDF", () => {
  test("each question as asked, with its document; each answer drawn, with the document it used", async () => {
    const text = await textOf(
      await conversationPdf({
        title: "Verbale formale — Verbale.pdf",
        messages: [
          {
            role: "user",
            content: "Redigi il verbale formale del documento «Verbale.pdf»: data e luogo…",
            label: "Verbale formale",
            attachment: { name: "Verbale.pdf", pages: 2 },
          },
          { role: "assistant", content: "**Data**: 3 marzo 2026.", basedOn: "Verbale.pdf" },
          { role: "user", content: "E chi era presente?" },
          { role: "assistant", content: "", card: "QUOTA_EXCEEDED_UPGRADE" },
        ],
        date,
      }),
    );
    for (const marker of MARKDOWN_MARKERS) expect(text).not.toMatch(marker);
    expect(text).not.toContain("Redigi");
    const squeezed = text.replace(/\s+/g, "");
    let from = 0;
    const order = [
      "Verbale formale — Verbale.pdf",
      "Tu",
      "Verbale formale",
      "Documento allegato: Verbale.pdf (2 pagine)",
      "OYSTAR",
      "Data: 3 marzo 2026.",
      "Risposta basata su «Verbale.pdf»",
      "E chi era presente?",
    ].map((piece) => (from = squeezed.indexOf(piece.replace(/\s+/g, ""), from)));
    // Each found after the one before.
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(conversationPdfFileName("Verbale formale — Verbale.pdf", date)).toBe("OYSTAR_Verbale_formale_Verbale_2026-03-04.pdf");
  });
});
