import { createCanvas } from "@napi-rs/canvas";
import { declaredImages, OversizeImageError, type DeclaredImages } from "../pdf/image-budget";
import { MAX_DRAWN_SIDE_PX, openPdf, PdfOpenError, type PdfDocument } from "../pdf/pdfjs";

/** spec 001 §9 and STACK-NOTES: 200 dpi reads well (~2–3 s a page); huge pages are drawn smaller. */
const OCR_DPI = 200;

export class UnreadablePdfError extends Error {
  override name = "UnreadablePdfError";
}

export type PdfPages = {
  count: number;
  /** Page `pageNumber` (from 1) drawn on white, as PNG bytes; OversizeImageError for a page past the picture budget. */
  render(pageNumber: number): Promise<Buffer>;
  close(): Promise<void>;
};

/** Opens a PDF for drawing its pages (the legacy build of pdf.js runs in Node 20). */
export async function openPdfPages(bytes: Uint8Array): Promise<PdfPages> {
  const { document, close } = await openPdf(bytes).catch((error: unknown) => {
    const passwordProtected = error instanceof PdfOpenError && error.reason === "locked";
    throw new UnreadablePdfError(
      passwordProtected ? "Il PDF è protetto da password." : "Impossibile leggere il PDF: il file potrebbe essere danneggiato.",
    );
  });
  return { count: document.numPages, render: pageDrawer(document, bytes), close };
}

/**
 * Draws pages of an opened PDF for OCR, each measured first (issue 47 §1): a page that declares a
 * picture past the budget throws OversizeImageError instead of being decoded. The PDF's structure
 * is read for that once, with the first page drawn.
 */
export function pageDrawer(document: PdfDocument, bytes: Uint8Array): (pageNumber: number) => Promise<Buffer> {
  let images: Promise<DeclaredImages | null> | null = null;
  return async (pageNumber) => {
    const oversize = (await (images ??= declaredImages(bytes)))?.oversizeOn(pageNumber);
    if (oversize) throw new OversizeImageError(oversize);
    return renderPage(await document.getPage(pageNumber));
  };
}

type PdfPage = Awaited<ReturnType<PdfDocument["getPage"]>>;

/** A page drawn on white at the OCR's resolution, as PNG bytes. */
async function renderPage(page: PdfPage): Promise<Buffer> {
  const natural = page.getViewport({ scale: 1 });
  const scale = Math.min(OCR_DPI / 72, MAX_DRAWN_SIDE_PX / Math.max(natural.width, natural.height));
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  // @napi-rs/canvas is the canvas pdf.js itself uses in Node; its types are its own.
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
  }).promise;
  page.cleanup();
  return canvas.toBuffer("image/png");
}
