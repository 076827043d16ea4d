import { pdfMessages } from "./messages";
import { withoutPageMarkers } from "./page-markers";

/** spec 001 §5, §9: the limits of a PDF taken into the chat. */
export const PDF_LIMITS = {
  maxBytes: 104_857_600,
  maxPages: 1000,
  maxTextChars: 100_000,
  /** Less extracted text than this and the PDF is treated as a scan: OCR is suggested. */
  scanThresholdChars: 100,
  charsPerPageEstimate: 2500,
} as const;

/** spec 001 §9: 30 s to read the file, 30 s to open it, 15 s for each page and its text. */
export const PDF_TIMEOUTS_MS = { load: 30_000, parse: 30_000, page: 15_000 } as const;

export type PdfFileFacts = { name: string; type: string; size: number };

/** spec 001 §5: only application/pdf is accepted (or a .pdf name when the browser gives no type). */
export const isPdfFile = (file: Pick<PdfFileFacts, "name" | "type">) =>
  file.type === "application/pdf" || (file.type === "" && /\.pdf$/i.test(file.name));

/** spec 001 §5: only PDFs, up to 100 MB. */
export function pdfFileProblem(file: PdfFileFacts): string | null {
  if (!isPdfFile(file)) return pdfMessages.onlyPdf;
  if (file.size > PDF_LIMITS.maxBytes) return pdfMessages.tooLarge(Math.ceil(file.size / 1_048_576));
  return null;
}

/**
 * spec 001 §5: text over 100,000 characters is cut, with a note that says so and points to RAG.
 * Used for extracted and for OCR text alike.
 */
export function limitDocumentText(text: string): { text: string; truncated: boolean } {
  if (text.length <= PDF_LIMITS.maxTextChars) return { text, truncated: false };
  return { text: `${text.slice(0, PDF_LIMITS.maxTextChars)}\n\n${pdfMessages.truncatedNote}`, truncated: true };
}

/** The words of a document without its page markers: what decides whether it is a scan. */
export function looksScanned(text: string): boolean {
  const content = withoutPageMarkers(text).replace(/\s+/g, " ").trim();
  return content.length < PDF_LIMITS.scanThresholdChars;
}
