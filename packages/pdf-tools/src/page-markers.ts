// The page markers of a document's text (spec 001 §3: a PDF's pages are counted by its markers):
// written here, for the browser's extraction and the server's OCR alike, and read back here.

/** The line before each page's text. */
export const formatPageMarker = (page: number) => `--- Pagina ${page} ---`;

/** The line in place of a page whose text could not be read in time. */
export const formatSkippedPage = (page: number) => `[Pagina ${page}: errore di estrazione, pagina saltata]`;

const MARKER_LINES = /^(?:--- Pagina \d+ ---|\[Pagina \d+: errore di estrazione, pagina saltata\])$/gm;

/** The text without its marker lines: the words a reader (or a word count) sees. */
export const withoutPageMarkers = (text: string) => text.replace(MARKER_LINES, "");
