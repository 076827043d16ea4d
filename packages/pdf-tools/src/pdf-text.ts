import { pdfMessages } from "./messages";
import { formatPageMarker, formatSkippedPage } from "./page-markers";
import { limitDocumentText, looksScanned, PDF_LIMITS, PDF_TIMEOUTS_MS } from "./pdf-limits";

/**
 * What we use of pdf.js, structurally: the browser passes the modern build with its worker, Node
 * tests the legacy build. Keeping pdf.js out of this module's imports keeps it out of the first load.
 */
export type PdfTextPage = { getTextContent(): Promise<{ items: readonly unknown[] }> };
export type PdfTextDocument = { numPages: number; getPage(pageNumber: number): Promise<PdfTextPage> };
export type PdfOpener = (data: Uint8Array) => { promise: Promise<PdfTextDocument>; destroy(): Promise<void> };

export type ExtractedPdf = {
  name: string;
  /** Bytes of the file. */
  size: number;
  pages: number;
  /** The text with a marker before each page, cut to the spec's limit. */
  text: string;
  truncated: boolean;
  /** spec 001 §5: under 100 characters of text, OCR is suggested. */
  scanned: boolean;
  /** Pages whose text could not be read in time (marked in the text, then skipped). */
  skippedPages: number[];
};

export class PdfError extends Error {
  override name = "PdfError";
}

type Timeouts = { load: number; parse: number; page: number };

function withTimeout<T>(work: Promise<T>, milliseconds: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfError(message)), milliseconds);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** One page's text: pdf.js items joined, a line break where the page has one. */
export function pageText(items: readonly unknown[]): string {
  let text = "";
  for (const item of items) {
    if (typeof item !== "object" || item === null || !("str" in item)) continue;
    text += String(item.str);
    if ("hasEOL" in item && item.hasEOL) text += "\n";
  }
  return text.replace(/[ \t]+\n/g, "\n").trim();
}

function openFailure(error: unknown): PdfError {
  if (error instanceof PdfError) return error;
  if (error instanceof Error && error.name === "PasswordException") return new PdfError(pdfMessages.passwordProtected);
  return new PdfError(pdfMessages.extractionFailed);
}

/**
 * spec 001 §4, §5, §9: reads a PDF's text in the browser (nothing is uploaded), page by page
 * with a marker before each, under the spec's page limit and timeouts; a page that does not
 * answer in time is marked and skipped. Throws PdfError with an Italian message.
 */
export async function extractPdfText(
  file: { name: string; size: number; bytes: () => Promise<ArrayBuffer> },
  open: PdfOpener,
  timeouts: Timeouts = PDF_TIMEOUTS_MS,
): Promise<ExtractedPdf> {
  const bytes = await withTimeout(file.bytes(), timeouts.load, pdfMessages.loadTimeout);
  const task = open(new Uint8Array(bytes));
  let document: PdfTextDocument;
  try {
    document = await withTimeout(task.promise, timeouts.parse, pdfMessages.parseTimeout);
  } catch (error) {
    void task.destroy().catch(() => undefined);
    throw openFailure(error);
  }
  try {
    if (document.numPages > PDF_LIMITS.maxPages) throw new PdfError(pdfMessages.tooManyPages(document.numPages));
    const parts: string[] = [];
    const skippedPages: number[] = [];
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber += 1) {
      parts.push(formatPageMarker(pageNumber));
      try {
        const page = await withTimeout(document.getPage(pageNumber), timeouts.page, pdfMessages.extractionFailed);
        const content = await withTimeout(page.getTextContent(), timeouts.page, pdfMessages.extractionFailed);
        parts.push(pageText(content.items));
      } catch {
        parts.push(formatSkippedPage(pageNumber));
        skippedPages.push(pageNumber);
      }
    }
    const whole = parts.join("\n");
    const limited = limitDocumentText(whole);
    return {
      name: file.name,
      size: file.size,
      pages: document.numPages,
      text: limited.text,
      truncated: limited.truncated,
      scanned: looksScanned(whole),
      skippedPages,
    };
  } finally {
    // The loading task owns the document (and, in the browser, its worker's memory).
    void task.destroy().catch(() => undefined);
  }
}
