// What the source viewer uses of pdf.js (issue 25), structurally: the app hands over the library
// it loads (with its worker, from its own origin) only when a PDF source is opened, so pdf.js is
// never part of a screen's first load, and this package does not depend on a build of it.

export type PdfViewport = { width: number; height: number; scale: number };

export type PdfRenderedPage = {
  getViewport(options: { scale: number }): PdfViewport;
  render(options: { canvas: HTMLCanvasElement; viewport: PdfViewport; transform?: number[] }): { promise: Promise<unknown>; cancel(): void };
  getTextContent(): Promise<{ items: unknown[] }>;
  cleanup(): unknown;
};

export type PdfRenderedDocument = { numPages: number; getPage(pageNumber: number): Promise<PdfRenderedPage> };

export type PdfTextLayer = { render(): Promise<unknown>; cancel(): void; readonly textDivs: HTMLElement[]; readonly textContentItemsStr: string[] };

export type PdfRenderer = {
  getDocument(source: { data: Uint8Array; isEvalSupported: boolean; verbosity: number }): { promise: Promise<PdfRenderedDocument>; destroy(): Promise<unknown> };
  TextLayer: new (options: { textContentSource: { items: unknown[] }; container: HTMLElement; viewport: PdfViewport }) => PdfTextLayer;
};

/** Loads pdf.js when a PDF is first shown. */
export type LoadPdfRenderer = () => Promise<PdfRenderer>;
