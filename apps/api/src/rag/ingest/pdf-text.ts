import { formatPageMarker, pageText } from "@oystar/pdf-tools";
import { openPdf, PdfOpenError } from "../../pdf/pdfjs";
import { ragMessages } from "../messages";
import { DocumentTooLongError } from "./reading-limits";

// A PDF's text for indexing, page by page after `--- Pagina N ---` markers (the format of
// @oystar/pdf-tools and of the OCR route), so every chunk knows its page. Unlike the chat's
// extraction there is no 100,000-character cut: the whole document is indexed.

/** Past this many pages a document is refused: it is a library, not a document. */
export const MAX_PDF_PAGES = 5000;

export class UnreadablePdfTextError extends Error {
  override name = "UnreadablePdfTextError";
}

/** Throws DocumentTooLongError as soon as the text read passes `maxCharacters`: a small file can hold millions (issue 33). */
export async function pdfText(bytes: Uint8Array, maxCharacters = Number.POSITIVE_INFINITY): Promise<{ text: string; title: string; pages: number }> {
  const { document, close } = await openPdf(bytes).catch((error: unknown) => {
    const locked = error instanceof PdfOpenError && error.reason === "locked";
    throw new UnreadablePdfTextError(locked ? ragMessages.documents.pdfLocked : ragMessages.documents.pdfUnreadable);
  });
  try {
    if (document.numPages > MAX_PDF_PAGES) throw new UnreadablePdfTextError(ragMessages.documents.pdfTooManyPages(document.numPages, MAX_PDF_PAGES));
    const metadata = await document.getMetadata().catch(() => null);
    const info = (metadata?.info ?? {}) as { Title?: unknown };
    const parts: string[] = [];
    let characters = 0;
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber += 1) {
      const page = await document.getPage(pageNumber);
      const marker = formatPageMarker(pageNumber);
      const text = pageText((await page.getTextContent()).items);
      page.cleanup();
      characters += marker.length + text.length + 2;
      if (characters > maxCharacters) throw new DocumentTooLongError(maxCharacters);
      parts.push(marker, text);
    }
    return { text: parts.join("\n"), title: typeof info.Title === "string" ? info.Title.trim() : "", pages: document.numPages };
  } finally {
    await close();
  }
}
