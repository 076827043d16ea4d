import { pdfMessages } from "./messages";
import { rewriteBlock, type PdfBlock } from "./pdf-blocks";
import { layOut, type PdfDocument } from "./pdf-layout";

export type AnswerPdf = {
  /** The answer as the model wrote it (Markdown, issue 50 §6). */
  text: string;
  /** Issue 50 §6: the question it answered, printed above it. */
  question?: string;
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
    blocks: document.blocks.map((block) => rewriteBlock(block, rewrite)),
  };
}

/** The document with its Markdown turned into blocks (the parser loads only when a PDF is made). */
async function withMarkdownDrawn(document: PdfDocument): Promise<PdfDocument> {
  if (!document.blocks.some((block) => block.kind === "markdown")) return document;
  const { markdownPdfBlocks } = await import("./markdown-pdf");
  return { ...document, blocks: document.blocks.flatMap((block) => (block.kind === "markdown" ? markdownPdfBlocks(block.text) : [block])) };
}

/**
 * A document as a PDF (jspdf loads only when asked). If the text cannot be written as it is, the
 * simplified text is tried (spec 001 §8, reported through `onFallback`) before giving up with the
 * spec's message.
 */
export async function documentPdf(document: PdfDocument, options: PdfOptions = {}): Promise<Blob> {
  const [{ jsPDF }, drawn] = await Promise.all([import("jspdf"), withMarkdownDrawn(document)]);
  const write = (content: PdfDocument) => {
    const doc = new jsPDF({ unit: "mm", format: "a4", compress: options.compress ?? true });
    layOut(doc, content);
    return doc.output("blob");
  };
  try {
    return write(drawn);
  } catch (error) {
    options.onFallback?.(pdfMessages.generationFallback, error);
    try {
      return write(rewritten(drawn, simplifiedPdfText));
    } catch {
      throw new Error(pdfMessages.generationFailed);
    }
  }
}

/**
 * A chat answer as a PDF (spec 001 §2), on the shared page: issue 50 §6, its question above it and
 * its Markdown drawn as it reads.
 */
export function answerPdf({ text, question, documentName, date }: AnswerPdf, options: PdfOptions = {}): Promise<Blob> {
  const asked: PdfBlock[] = question
    ? [
        { kind: "caption", text: pdfMessages.question },
        { kind: "rich", runs: [{ text: question }] },
        { kind: "caption", text: pdfMessages.answer },
      ]
    : [];
  return documentPdf(
    {
      title: documentName ? pdfMessages.titleWithDocument(documentName) : pdfMessages.title,
      blocks: [...asked, { kind: "markdown", text }],
      date,
    },
    options,
  );
}
