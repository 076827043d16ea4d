import { formatPageMarker } from "@oystar/pdf-tools";
import type { OcrEngine } from "./ocr-engine";
import { openPdfPages } from "./pdf-pages";

/**
 * spec 001 §5, §9: OCR text is cut at 100,000 characters, about 2500 a page — so at most 40
 * pages are read; a longer scan says how many were.
 */
export const OCR_MAX_PAGES = 40;
const OCR_MAX_CHARS = 100_000;

export type ScannedPdfText = { text: string; pages: number; pagesRead: number };

/**
 * The text of a scanned PDF, page by page after the same `--- Pagina N ---` markers the
 * browser's extraction writes. Stops early when the caller goes away. Nothing is kept.
 */
export async function scannedPdfText(bytes: Uint8Array, engine: OcrEngine, signal: AbortSignal): Promise<ScannedPdfText> {
  const pdf = await openPdfPages(bytes);
  try {
    return await engine.exclusive(async (recognize) => {
      const parts: string[] = [];
      let characters = 0;
      let pagesRead = 0;
      for (let pageNumber = 1; pageNumber <= Math.min(pdf.count, OCR_MAX_PAGES); pageNumber += 1) {
        if (signal.aborted || characters >= OCR_MAX_CHARS) break;
        const text = (await recognize(await pdf.render(pageNumber))).text.trim();
        parts.push(formatPageMarker(pageNumber), text);
        characters += text.length;
        pagesRead = pageNumber;
      }
      if (pagesRead < pdf.count) parts.push(`[OCR eseguito sulle prime ${pagesRead} pagine su ${pdf.count}.]`);
      return { text: parts.join("\n"), pages: pdf.count, pagesRead };
    });
  } finally {
    await pdf.close();
  }
}
