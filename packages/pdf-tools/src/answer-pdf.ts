import type { jsPDF } from "jspdf";
import { pdfMessages } from "./messages";

/** spec 001 §9: the exported PDF's page: margins 30, body font 11, line height 7 (mm, A4). */
export const PDF_LAYOUT = { margin: 30, fontSize: 11, lineHeight: 7 } as const;

/** One piece of an exported document, laid out in reading order. */
export type PdfBlock =
  | { kind: "heading"; text: string }
  /** A small line in italics over what follows (a speaker, a phase). */
  | { kind: "caption"; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: readonly string[] };

/**
 * Every PDF the product exports — a chat answer, a debate, a synthesis — shares this page: a title,
 * an optional subtitle, the blocks, and a footer with the page numbers, the product and the date.
 */
export type PdfDocument = {
  title: string;
  subtitle?: string;
  blocks: readonly PdfBlock[];
  date: Date;
  /** The product named in the footer (OYSTAR AI unless told). */
  product?: string;
};

export type AnswerPdf = {
  /** The answer as plain text. */
  text: string;
  /** The document that was in context, if any (its name goes into the title and the file name). */
  documentName?: string;
  date: Date;
};

export type PdfOptions = {
  compress?: boolean;
  /**
   * Told 'Errore nella generazione del PDF...' (and why) when the document cannot be written as it
   * is and its simplified text is being tried (spec 001 §8).
   */
  onFallback?: (notice: string, cause: unknown) => void;
};

/** The date in file names: 2026-03-04. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A part of a file name: letters, digits, dashes and underscores only, at most `max` characters. */
export const fileNamePart = (name: string, max = 80) =>
  name
    .replace(/\.pdf$/i, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\w-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, max)
    .replace(/_+$/g, "");

/** spec 001 §9: the AI name plus the document's name and the date, or a generic name with the date. */
export function answerPdfFileName({ documentName, date }: Pick<AnswerPdf, "documentName" | "date">): string {
  const document = documentName ? fileNamePart(documentName) : "";
  return document ? `OYSTAR_AI_${document}_${isoDay(date)}.pdf` : `OYSTAR_AI_risposta_${isoDay(date)}.pdf`;
}

/**
 * The standard PDF fonts know Latin-1 only: the simplified text keeps letters, digits and
 * punctuation a reader needs and drops the rest (emoji, box drawing …).
 */
export function simplifiedPdfText(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, "-")
    .replace(/…/g, "...")
    .replace(/[^\n\x20-\x7e\xa0-\xff]/g, "");
}

/** The whole document with each text passed through `rewrite` (for the simplified fallback). */
function rewritten(document: PdfDocument, rewrite: (text: string) => string): PdfDocument {
  return {
    ...document,
    title: rewrite(document.title),
    subtitle: document.subtitle === undefined ? undefined : rewrite(document.subtitle),
    blocks: document.blocks.map((block) =>
      block.kind === "list" ? { ...block, items: block.items.map(rewrite) } : { ...block, text: rewrite(block.text) },
    ),
  };
}

function layOut(doc: jsPDF, document: PdfDocument): void {
  const { margin, fontSize, lineHeight } = PDF_LAYOUT;
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const width = pageWidth - margin * 2;
  let y = margin;
  const lines = (text: string, indent = 0) => {
    for (const line of doc.splitTextToSize(text, width - indent) as string[]) {
      if (y > pageHeight - margin) {
        doc.addPage();
        y = margin;
      }
      doc.text(line, margin + indent, y);
      y += lineHeight;
    }
  };
  // A heading never sits alone at the foot of a page.
  const keepWithNext = (space: number) => {
    if (y + space > pageHeight - margin) {
      doc.addPage();
      y = margin;
    }
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
    if (block.kind === "heading") {
      y += lineHeight * 0.5;
      keepWithNext(lineHeight * 3);
      doc.setFont("helvetica", "bold").setFontSize(fontSize + 1);
      lines(block.text);
    } else if (block.kind === "caption") {
      y += lineHeight * 0.5;
      keepWithNext(lineHeight * 3);
      doc.setFont("helvetica", "bolditalic").setFontSize(fontSize - 1);
      lines(block.text);
    } else if (block.kind === "list") {
      doc.setFont("helvetica", "normal").setFontSize(fontSize);
      block.items.forEach((item, index) => lines(`${index + 1}. ${item}`, 4));
    } else {
      doc.setFont("helvetica", "normal").setFontSize(fontSize);
      lines(block.text);
    }
  }
  const pages = doc.getNumberOfPages();
  doc.setFont("helvetica", "normal").setFontSize(fontSize - 2);
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.text(pdfMessages.footer(page, pages, document.date, document.product), pageWidth / 2, pageHeight - margin / 2, { align: "center" });
  }
}

/**
 * A document as a PDF (jspdf loads only when asked). If the text cannot be written as it is, the
 * simplified text is tried (spec 001 §8, reported through `onFallback`) before giving up with the
 * spec's message.
 */
export async function documentPdf(document: PdfDocument, options: PdfOptions = {}): Promise<Blob> {
  const { jsPDF } = await import("jspdf");
  const write = (content: PdfDocument) => {
    const doc = new jsPDF({ unit: "mm", format: "a4", compress: options.compress ?? true });
    layOut(doc, content);
    return doc.output("blob");
  };
  try {
    return write(document);
  } catch (error) {
    options.onFallback?.(pdfMessages.generationFallback, error);
    try {
      return write(rewritten(document, simplifiedPdfText));
    } catch {
      throw new Error(pdfMessages.generationFailed);
    }
  }
}

/** A chat answer as a PDF (spec 001 §2), on the shared page. */
export function answerPdf({ text, documentName, date }: AnswerPdf, options: PdfOptions = {}): Promise<Blob> {
  return documentPdf(
    { title: documentName ? pdfMessages.titleWithDocument(documentName) : pdfMessages.title, blocks: [{ kind: "paragraph", text }], date },
    options,
  );
}
