import { formatPageMarker, pageText } from "@oystar/pdf-tools";
import type { OcrWord, Recognized, RecognizeOptions } from "../../ocr/ocr-engine";
import { pageDrawer } from "../../ocr/pdf-pages";
import { OversizeImageError } from "../../pdf/image-budget";
import { openPdf, PdfOpenError } from "../../pdf/pdfjs";
import { ragMessages } from "../messages";
import { annotationBlocks } from "./pdf-annotations";
import { DocumentTooLongError } from "./reading-limits";
import { UnsupportedDocumentError } from "./unsupported-document";
import { required } from "../../required";

// A PDF's text for indexing, page by page after `--- Pagina N ---` markers (the format of
// @oystar/pdf-tools and of the OCR route), so every chunk knows its page. Unlike the chat's
// extraction there is no 100,000-character cut: the whole document is indexed. A scanned page
// (issue 34: no text layer, or a few characters of one) is read by OCR, with the Italian model the
// chat's OCR uses; a mixed PDF keeps its text pages as they are.

/** Past this many pages a document is refused: it is a library, not a document. */
export const MAX_PDF_PAGES = 5000;
/** A page whose text layer has fewer letters and digits than this is a scan. */
export const MIN_TEXT_LAYER = 20;
/** Past this many scanned pages a document is refused: at 2–3 s a page it would hold a reading process for minutes. */
export const MAX_OCR_PAGES = 100;

export class UnreadablePdfTextError extends Error {
  override name = "UnreadablePdfTextError";
}

/** What OCR did to a document: the pages it read, how sure it was on average (0–100), the pages it could not read. */
export type OcrReport = { pages: number[]; confidence: number; unreadable: number[] };
/** A page OCR read and its words' boxes: the source viewer highlights a scanned passage with them. */
export type OcrPage = { page: number; words: OcrWord[] };

export type PdfReading = {
  /** For the messages that name the file. */
  filename?: string;
  maxCharacters?: number;
  /** Reads a page's picture; without it scanned pages stay empty. */
  recognize?: (png: Buffer, options?: RecognizeOptions) => Promise<Recognized>;
  /** After each page OCR read: the reading process shows it is still at work. */
  onOcrPage?: (done: number, total: number) => void;
};

const isScan = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, "").length < MIN_TEXT_LAYER;

/** Throws DocumentTooLongError as soon as the text read passes `maxCharacters`: a small file can hold millions (issue 33). */
export async function pdfText(
  bytes: Uint8Array,
  reading: PdfReading = {},
): Promise<{ text: string; title: string; pages: number; ocr?: OcrReport; ocrPages?: OcrPage[] }> {
  const maxCharacters = reading.maxCharacters ?? Number.POSITIVE_INFINITY;
  const { document, close } = await openPdf(bytes).catch((error: unknown) => {
    const locked = error instanceof PdfOpenError && error.reason === "locked";
    const filename = reading.filename ?? "";
    throw new UnreadablePdfTextError(
      locked ? ragMessages.documents.passwordProtected(filename) : ragMessages.documents.pdfUnreadable(filename),
    );
  });
  try {
    if (document.numPages > MAX_PDF_PAGES)
      throw new UnreadablePdfTextError(ragMessages.documents.pdfTooManyPages(reading.filename ?? "", document.numPages, MAX_PDF_PAGES));
    const metadata = await document.getMetadata().catch(() => null);
    const info = (metadata?.info ?? {}) as { Title?: unknown };
    const texts: string[] = [];
    const pageExtras: string[][] = [];
    let characters = 0;
    const count = (text: string) => {
      characters += text.length + 20;
      if (characters > maxCharacters) throw new DocumentTooLongError(maxCharacters);
    };
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber += 1) {
      const page = await document.getPage(pageNumber);
      const text = pageText((await page.getTextContent()).items);
      // Its filled fields and readers' notes, after its text or what OCR reads of it (issue 54 §4);
      // a page whose annotations do not parse keeps its text.
      const extras = annotationBlocks(await page.getAnnotations().catch(() => []));
      if (extras.length > 0) count(extras.join("\n\n"));
      pageExtras.push(extras);
      page.cleanup();
      count(text);
      texts.push(text);
    }
    const scanned = reading.recognize ? texts.flatMap((text, index) => (isScan(text) ? [index + 1] : [])) : [];
    if (scanned.length > MAX_OCR_PAGES)
      throw new UnsupportedDocumentError(ragMessages.documents.tooManyScannedPages(reading.filename ?? "", scanned.length, MAX_OCR_PAGES));
    const read =
      scanned.length > 0 && reading.recognize
        ? await recognizePages(pageDrawer(document, bytes), scanned, texts, reading, count).catch((error: unknown) => {
            if (!(error instanceof OversizeImageError)) throw error;
            throw new UnreadablePdfTextError(ragMessages.documents.imageTooLarge(reading.filename ?? "", error.image));
          })
        : undefined;
    const text = texts
      .flatMap((pageText, index) => [formatPageMarker(index + 1), [pageText, ...(pageExtras[index] ?? [])].filter(Boolean).join("\n\n")])
      .join("\n");
    return {
      text,
      title: typeof info.Title === "string" ? info.Title.trim() : "",
      pages: document.numPages,
      ...(read ? { ocr: read.report, ocrPages: read.pages } : {}),
    };
  } finally {
    await close();
  }
}

/**
 * Reads the scanned pages by OCR, one at a time, in place of their empty text layer; the next page
 * is drawn while one is read (drawing runs on this thread, OCR on its worker's). One OCR worker per
 * document: the reading processes (document-reader.ts) are the pool, one per core.
 */
async function recognizePages(
  drawPage: (pageNumber: number) => Promise<Buffer>,
  scanned: readonly number[],
  texts: string[],
  reading: PdfReading,
  count: (text: string) => void,
): Promise<{ report: OcrReport; pages: OcrPage[] }> {
  const confidences: number[] = [];
  const unreadable: number[] = [];
  const pages: OcrPage[] = [];
  // None read yet: the admin's progress says OCR has started («OCR: pagina 1 di 40»).
  reading.onOcrPage?.(0, scanned.length);
  const draw = (pageNumber: number) => {
    const drawn = drawPage(pageNumber);
    // Awaited in its turn; a page left undrawn when reading stops early fails no one.
    drawn.catch(() => undefined);
    return drawn;
  };
  // Called only when the reading can recognize and some page is scanned.
  const recognize = required(reading.recognize, "the OCR reader");
  let next = draw(required(scanned[0], "a scanned page"));
  for (const [position, pageNumber] of scanned.entries()) {
    const picture = await next;
    const following = scanned[position + 1];
    if (following !== undefined) next = draw(following);
    const recognized = await recognize(picture, { words: true });
    const text = recognized.text.trim();
    reading.onOcrPage?.(position + 1, scanned.length);
    // A page OCR finds nothing on is named in the report, not silently empty.
    if (isScan(text)) unreadable.push(pageNumber);
    else {
      count(text);
      texts[pageNumber - 1] = text;
      confidences.push(recognized.confidence);
      pages.push({ page: pageNumber, words: recognized.words ?? [] });
    }
  }
  const confidence = confidences.length > 0 ? Math.round(confidences.reduce((sum, value) => sum + value, 0) / confidences.length) : 0;
  return { report: { pages: scanned.filter((page) => !unreadable.includes(page)), confidence, unreadable }, pages };
}
