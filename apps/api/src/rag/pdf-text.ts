import { formatPageMarker, pageText } from "@oystar/pdf-tools";
import "../ocr/node20-polyfills";
import type * as PdfjsModule from "pdfjs-dist/legacy/build/pdf.mjs";
import { ragMessages } from "./messages";

// A PDF's text for indexing, page by page after `--- Pagina N ---` markers (the format of
// @oystar/pdf-tools and of the OCR route), so every chunk knows its page. Unlike the chat's
// extraction there is no 100,000-character cut: the whole document is indexed.

/** Past this many pages a document is refused: it is a library, not a document. */
export const MAX_PDF_PAGES = 5000;

type Pdfjs = typeof PdfjsModule;
let pdfjsLoading: Promise<Pdfjs> | null = null;
const loadPdfjs = () => (pdfjsLoading ??= import("pdfjs-dist/legacy/build/pdf.mjs"));

export class UnreadablePdfTextError extends Error {
  override name = "UnreadablePdfTextError";
}

export async function pdfText(bytes: Uint8Array): Promise<{ text: string; title: string; pages: number }> {
  const { getDocument } = await loadPdfjs();
  // pdf.js may detach the buffer it is given, and refuses Node Buffers: it gets a plain copy.
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const document = await task.promise.catch((error: unknown) => {
      const locked = error instanceof Error && error.name === "PasswordException";
      throw new UnreadablePdfTextError(locked ? ragMessages.documents.pdfLocked : ragMessages.documents.pdfUnreadable);
    });
    if (document.numPages > MAX_PDF_PAGES) throw new UnreadablePdfTextError(ragMessages.documents.pdfTooManyPages(document.numPages, MAX_PDF_PAGES));
    const metadata = await document.getMetadata().catch(() => null);
    const info = (metadata?.info ?? {}) as { Title?: unknown };
    const parts: string[] = [];
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber += 1) {
      const page = await document.getPage(pageNumber);
      parts.push(formatPageMarker(pageNumber), pageText((await page.getTextContent()).items));
      page.cleanup();
    }
    return { text: parts.join("\n"), title: typeof info.Title === "string" ? info.Title.trim() : "", pages: document.numPages };
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
