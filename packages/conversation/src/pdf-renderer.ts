// What the source viewer uses of pdf.js (issue 25), structurally: the app hands over the library
// it loads (with its worker, from its own origin) only when a PDF source is opened, so pdf.js is
// never part of a screen's first load, and this package does not depend on a build of it.
// `Viewport` and `TextContent` are pdf.js's own types: the viewer only hands them back to it.

export type PdfViewport = { width: number; height: number; scale: number };

export type PdfRenderedPage<Viewport extends PdfViewport, TextContent> = {
  getViewport(options: { scale: number }): Viewport;
  render(options: { canvas: HTMLCanvasElement | null; viewport: Viewport; transform?: number[] }): {
    promise: Promise<unknown>;
    cancel(): void;
  };
  getTextContent(): Promise<TextContent>;
  cleanup(): unknown;
};

export type PdfRenderedDocument<Viewport extends PdfViewport, TextContent> = {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfRenderedPage<Viewport, TextContent>>;
};

export type PdfTextLayer = {
  render(): Promise<unknown>;
  cancel(): void;
  readonly textDivs: HTMLElement[];
  readonly textContentItemsStr: string[];
};

export type PdfRenderer<Viewport extends PdfViewport, TextContent> = {
  getDocument(source: { data: Uint8Array; isEvalSupported: boolean; verbosity: number }): {
    promise: Promise<PdfRenderedDocument<Viewport, TextContent>>;
    destroy(): Promise<unknown>;
  };
  TextLayer: new (options: { textContentSource: TextContent; container: HTMLElement; viewport: Viewport }) => PdfTextLayer;
};

/**
 * Loads pdf.js when a PDF is first shown. Whatever its own viewport and text content types are
 * (the viewer passes them back to it untouched), hence `any` here and only here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LoadPdfRenderer = () => Promise<PdfRenderer<any, any>>;
