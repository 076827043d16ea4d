import { formatPageMarker } from "@oystar/pdf-tools";
import { OversizeImageError } from "../pdf/image-budget";
import { ocrMessages } from "./messages";
import type { Recognized } from "./ocr-engine";
import { openPdfPages, UnreadablePdfError } from "./pdf-pages";

/**
 * spec 001 §5, §9: OCR text is cut at 100,000 characters, about 2500 a page — so at most 40
 * pages are read; a longer scan says how many were.
 */
export const OCR_MAX_PAGES = 40;
const OCR_MAX_CHARS = 100_000;

export type ScannedPdfText = { text: string; pages: number; pagesRead: number };
export type ScannedFile = { filename: string; bytes: Uint8Array };

/**
 * What the chat's OCR route reads scans with (issue 47 §1): never the server's own process. The
 * reading processes of ingestion (rag/ingest/document-reader.ts) implement it, bounded in memory
 * and time. Throws UnreadablePdfError with the Italian reason, OcrBusyError when too many wait.
 */
export type ScanReader = { readScan(file: ScannedFile, signal: AbortSignal): Promise<ScannedPdfText> };

/**
 * The text of a scanned PDF, page by page after the same `--- Pagina N ---` markers the
 * browser's extraction writes. Stops early when the caller goes away. Nothing is kept. Runs in a
 * reading process, with that process's OCR.
 */
export async function scannedPdfText(
  file: ScannedFile,
  recognize: (png: Buffer) => Promise<Recognized>,
  reading: { signal: AbortSignal; onPage?: (done: number, total: number) => void },
): Promise<ScannedPdfText> {
  const pdf = await openPdfPages(file.bytes);
  try {
    const pagesToRead = Math.min(pdf.count, OCR_MAX_PAGES);
    reading.onPage?.(0, pagesToRead);
    const parts: string[] = [];
    let characters = 0;
    let pagesRead = 0;
    for (let pageNumber = 1; pageNumber <= pagesToRead; pageNumber += 1) {
      if (reading.signal.aborted || characters >= OCR_MAX_CHARS) break;
      const text = (await recognize(await pdf.render(pageNumber))).text.trim();
      parts.push(formatPageMarker(pageNumber), text);
      characters += text.length;
      pagesRead = pageNumber;
      reading.onPage?.(pageNumber, pagesToRead);
    }
    if (pagesRead < pdf.count) parts.push(`[OCR eseguito sulle prime ${pagesRead} pagine su ${pdf.count}.]`);
    return { text: parts.join("\n"), pages: pdf.count, pagesRead };
  } catch (error) {
    if (error instanceof OversizeImageError) throw new UnreadablePdfError(ocrMessages.imageTooLarge(file.filename, error.image));
    throw error;
  } finally {
    await pdf.close();
  }
}
