import type { jsPDF } from "jspdf";
import { pdfMessages } from "./messages";

/** spec 001 §9: the exported PDF's page: margins 30, body font 11, line height 7 (mm, A4). */
export const PDF_LAYOUT = { margin: 30, fontSize: 11, lineHeight: 7 } as const;

export type AnswerPdf = {
  /** The answer as plain text. */
  text: string;
  /** The document that was in context, if any (its name goes into the title and the file name). */
  documentName?: string;
  date: Date;
};

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const fileSafe = (name: string) =>
  name
    .replace(/\.pdf$/i, "")
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 80);

/** spec 001 §9: the AI name plus the document's name and the date, or a generic name with the date. */
export function answerPdfFileName({ documentName, date }: Pick<AnswerPdf, "documentName" | "date">): string {
  const document = documentName ? fileSafe(documentName) : "";
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

function layOut(doc: jsPDF, { text, documentName, date }: AnswerPdf): void {
  const { margin, fontSize, lineHeight } = PDF_LAYOUT;
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const width = pageWidth - margin * 2;
  let y = margin;
  doc.setFont("helvetica", "bold").setFontSize(fontSize + 3);
  doc.text(documentName ? pdfMessages.titleWithDocument(documentName) : pdfMessages.title, margin, y);
  y += lineHeight * 1.5;
  doc.setFont("helvetica", "normal").setFontSize(fontSize);
  for (const line of doc.splitTextToSize(text, width) as string[]) {
    if (y > pageHeight - margin) {
      doc.addPage();
      y = margin;
    }
    doc.text(line, margin, y);
    y += lineHeight;
  }
  const pages = doc.getNumberOfPages();
  doc.setFontSize(fontSize - 2);
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.text(pdfMessages.footer(page, pages, date), pageWidth / 2, pageHeight - margin / 2, { align: "center" });
  }
}

/**
 * The answer as a PDF (jspdf loads only when asked). If the text cannot be written as it is,
 * the simplified text is tried (spec 001 §8) before giving up.
 */
export async function answerPdf(answer: AnswerPdf, options: { compress?: boolean } = {}): Promise<Blob> {
  const { jsPDF } = await import("jspdf");
  const write = (text: string) => {
    const doc = new jsPDF({ unit: "mm", format: "a4", compress: options.compress ?? true });
    layOut(doc, { ...answer, text });
    return doc.output("blob");
  };
  try {
    return write(answer.text);
  } catch {
    try {
      return write(simplifiedPdfText(answer.text));
    } catch {
      throw new Error(pdfMessages.generationFailed);
    }
  }
}
