import type { jsPDF } from "jspdf";
import { pdfMessages } from "./messages";
import type { PdfBlock, PdfRun } from "./pdf-blocks";

/** spec 001 §9: the exported PDF's page: margins 30, body font 11, line height 7 (mm, A4). */
export const PDF_LAYOUT = { margin: 30, fontSize: 11, lineHeight: 7 } as const;

/**
 * Every PDF the product exports — a chat answer, a conversation, a debate, a synthesis — shares
 * this page: a title, an optional subtitle, the blocks, and a footer with the page numbers, the
 * product and the date.
 */
export type PdfDocument = {
  title: string;
  subtitle?: string;
  blocks: readonly PdfBlock[];
  date: Date;
  /** The product named in the footer (OYSTAR AI unless told). */
  product?: string;
};

const setRunFont = (doc: jsPDF, run: Omit<PdfRun, "text">) =>
  run.code
    ? doc.setFont("courier", run.bold ? "bold" : "normal")
    : doc.setFont("helvetica", run.bold && run.italic ? "bolditalic" : run.bold ? "bold" : run.italic ? "italic" : "normal");

/** A document's blocks on A4 pages, in reading order, with the footer on every page. */
export function layOut(doc: jsPDF, document: PdfDocument): void {
  const { margin, fontSize, lineHeight } = PDF_LAYOUT;
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const width = pageWidth - margin * 2;
  let y = margin;
  /** Room for `space` more on this page, or a new page. */
  const room = (space: number) => {
    if (y + space > pageHeight - margin) {
      doc.addPage();
      y = margin;
    }
  };
  const lines = (text: string, indent = 0) => {
    for (const line of doc.splitTextToSize(text, width - indent) as string[]) {
      room(0);
      doc.text(line, margin + indent, y);
      y += lineHeight;
    }
  };

  /**
   * Styled words, wrapped to the width; `bullet` hangs before the first line, `quote` draws a bar.
   * Each line is written as few pieces as its styles allow, so a reader copies words, not letters.
   */
  const rich = (runs: readonly PdfRun[], indent: number, bullet?: string, quote?: boolean) => {
    doc.setFontSize(fontSize);
    const left = margin + indent + (bullet ? 6 : 0);
    const right = margin + width;
    type Piece = { text: string; style: Omit<PdfRun, "text">; x: number };
    let line: Piece[] = [];
    let x = left;
    let first = true;
    const flush = () => {
      room(0);
      if (quote)
        doc
          .setDrawColor(150)
          .setLineWidth(0.6)
          .line(margin + indent - 4, y - lineHeight + 2, margin + indent - 4, y + 2);
      if (first && bullet) doc.setFont("helvetica", "normal").text(bullet, margin + indent, y);
      first = false;
      for (const piece of line) {
        setRunFont(doc, piece.style);
        doc.text(piece.text.trimEnd(), piece.x, y);
      }
      line = [];
      x = left;
      y += lineHeight;
    };
    const add = (text: string, style: Omit<PdfRun, "text">, textWidth: number) => {
      const last = line.at(-1);
      if (last && last.style.bold === style.bold && last.style.italic === style.italic && last.style.code === style.code) last.text += text;
      else line.push({ text, style, x });
      x += textWidth;
    };
    for (const { text, ...style } of runs) {
      setRunFont(doc, style);
      // Words and the spaces between them, and the line breaks the Markdown asked for.
      for (const piece of text.split(/(\n| +)/)) {
        if (!piece) continue;
        if (piece === "\n") {
          flush();
          continue;
        }
        let word = piece;
        let wordWidth = doc.getTextWidth(word);
        if (word.trim() === "") {
          if (x > left) add(word, style, wordWidth);
          continue;
        }
        if (x + wordWidth > right && x > left) {
          flush();
          setRunFont(doc, style);
        }
        // A word longer than a line is cut where the line ends.
        while (wordWidth > right - left) {
          const fits = doc.splitTextToSize(word, right - left)[0] as string;
          add(fits, style, doc.getTextWidth(fits));
          flush();
          setRunFont(doc, style);
          word = word.slice(fits.length);
          wordWidth = doc.getTextWidth(word);
        }
        add(word, style, wordWidth);
      }
    }
    if (line.length > 0 || first) flush();
  };

  const code = (text: string) => {
    doc.setFont("courier", "normal").setFontSize(fontSize - 1.5);
    y += lineHeight * 0.2;
    for (const sourceLine of text.split("\n")) lines(sourceLine || " ", 4);
    y += lineHeight * 0.2;
  };

  /** Columns of equal width, the header in bold, a line under each row; a row never splits. */
  const table = (rows: readonly (readonly string[])[]) => {
    const columns = Math.max(...rows.map((row) => row.length));
    const columnWidth = width / columns;
    doc
      .setFontSize(fontSize - 1)
      .setDrawColor(150)
      .setLineWidth(0.2);
    rows.forEach((row, index) => {
      doc.setFont("helvetica", index === 0 ? "bold" : "normal");
      const cells = Array.from({ length: columns }, (_, column) => doc.splitTextToSize(row[column] ?? "", columnWidth - 3) as string[]);
      const height = Math.max(1, ...cells.map((cell) => cell.length)) * (lineHeight - 1);
      room(height);
      cells.forEach((cell, column) => cell.forEach((line, at) => doc.text(line, margin + column * columnWidth, y + at * (lineHeight - 1))));
      y += height;
      doc.line(margin, y - lineHeight + 3, margin + width, y - lineHeight + 3);
    });
    y += lineHeight * 0.5;
  };

  doc.setFont("helvetica", "bold").setFontSize(fontSize + 3);
  lines(document.title);
  y += lineHeight * 0.5;
  if (document.subtitle) {
    doc.setFont("helvetica", "normal").setFontSize(fontSize - 1);
    lines(document.subtitle);
    y += lineHeight * 0.5;
  }
  for (const block of document.blocks) {
    switch (block.kind) {
      case "heading":
        // A heading never sits alone at the foot of a page.
        y += lineHeight * 0.5;
        room(lineHeight * 3);
        doc.setFont("helvetica", "bold").setFontSize(fontSize + 1);
        lines(block.text);
        break;
      case "caption":
        y += lineHeight * 0.5;
        room(lineHeight * 3);
        doc.setFont("helvetica", "bolditalic").setFontSize(fontSize - 1);
        lines(block.text);
        break;
      case "list":
        doc.setFont("helvetica", "normal").setFontSize(fontSize);
        block.items.forEach((item, index) => lines(`${index + 1}. ${item}`, 4));
        break;
      case "rich":
        rich(block.runs, block.indent ?? 0, block.bullet, block.quote);
        break;
      case "code":
        code(block.text);
        break;
      case "table":
        table(block.rows);
        break;
      case "rule":
        room(lineHeight);
        doc
          .setDrawColor(150)
          .setLineWidth(0.3)
          .line(margin, y - lineHeight / 2, margin + width, y - lineHeight / 2);
        y += lineHeight * 0.5;
        break;
      // Markdown is drawn before it is laid out (documentPdf); as text if it ever was not.
      case "markdown":
      case "paragraph":
        doc.setFont("helvetica", "normal").setFontSize(fontSize);
        lines(block.text);
        break;
    }
  }
  const pages = doc.getNumberOfPages();
  doc.setFont("helvetica", "normal").setFontSize(fontSize - 2);
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.text(pdfMessages.footer(page, pages, document.date, document.product), pageWidth / 2, pageHeight - margin / 2, { align: "center" });
  }
}
