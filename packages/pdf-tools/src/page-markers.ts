// The page markers of a document's text (spec 001 §3: a PDF's pages are counted by its markers):
// written here, for the browser's extraction and the server's OCR alike, and read back here.

/** The line before each page's text. */
export const formatPageMarker = (page: number) => `--- Pagina ${page} ---`;

/** The line in place of a page whose text could not be read in time. */
export const formatSkippedPage = (page: number) => `[Pagina ${page}: errore di estrazione, pagina saltata]`;

const PAGE_MARKER = /^--- Pagina (\d+) ---$/gm;
const MARKER_LINES = /^(?:--- Pagina \d+ ---|\[Pagina \d+: errore di estrazione, pagina saltata\])$/gm;

/** The text without its marker lines: the words a reader (or a word count) sees. */
export const withoutPageMarkers = (text: string) => text.replace(MARKER_LINES, "");

/** Splits `--- Pagina N ---` text into its pages; text without markers is one page, numbered null. */
export function pagesOf(text: string): Array<{ page: number | null; text: string }> {
  const markers = [...text.matchAll(PAGE_MARKER)];
  if (markers.length === 0) return [{ page: null, text }];
  const pages: Array<{ page: number | null; text: string }> = [];
  const before = text.slice(0, markers[0]?.index ?? 0);
  if (before.trim()) pages.push({ page: null, text: before });
  markers.forEach((marker, position) => {
    const start = (marker.index ?? 0) + marker[0].length;
    const end = markers[position + 1]?.index ?? text.length;
    pages.push({ page: Number(marker[1]), text: text.slice(start, end) });
  });
  return pages;
}
