import "./node20-polyfills";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type * as PdfjsModule from "pdfjs-dist/legacy/build/pdf.mjs";
import { MAX_IMAGE_PIXELS } from "./image-budget";

// The server's one way into pdf.js (issue 24), for the RAG's text extraction and the OCR's page
// drawing alike: the legacy build (it runs in Node 20, with the polyfills above), loaded with the
// first PDF rather than at start (it is large), with the standard fonts it ships so pages draw
// the same on any machine.

type Pdfjs = typeof PdfjsModule;
export type PdfDocument = Awaited<ReturnType<Pdfjs["getDocument"]>["promise"]>;

const require = createRequire(import.meta.url);
const standardFontDataUrl = `${join(dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/** The longest side of a page drawn for OCR (ocr/pdf-pages.ts): huge pages are drawn smaller. */
export const MAX_DRAWN_SIDE_PX = 3500;
const MAX_CANVAS_BYTES = MAX_DRAWN_SIDE_PX * MAX_DRAWN_SIDE_PX * 4;

let pdfjsLoading: Promise<Pdfjs> | null = null;
const loadPdfjs = () => (pdfjsLoading ??= import("pdfjs-dist/legacy/build/pdf.mjs"));

/** Why a PDF could not be opened: a password, or a file pdf.js cannot read. */
export class PdfOpenError extends Error {
  override name = "PdfOpenError";
  constructor(readonly reason: "locked" | "unreadable") {
    super(reason);
  }
}

/** An opened PDF, and how to let go of it (always: pdf.js keeps a worker's memory until then). */
export type OpenedPdf = { document: PdfDocument; close: () => Promise<void> };

/** Opens a PDF from its bytes; a file that cannot be read throws PdfOpenError, nothing else is left open. */
export async function openPdf(bytes: Uint8Array): Promise<OpenedPdf> {
  const { getDocument } = await loadPdfjs();
  // pdf.js may detach the buffer it is given, and refuses Node Buffers: it gets a plain copy.
  // Issue 47 §1: a picture declared past the budget is dropped, never decoded (image-budget.ts
  // names the page before it is drawn); nothing is drawn larger than OCR's page.
  const task = getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    verbosity: 0,
    maxImageSize: MAX_IMAGE_PIXELS,
    canvasMaxAreaInBytes: MAX_CANVAS_BYTES,
  });
  const close = () => task.destroy().catch(() => undefined);
  try {
    return { document: await task.promise, close };
  } catch (error) {
    await close();
    throw new PdfOpenError(error instanceof Error && error.name === "PasswordException" ? "locked" : "unreadable");
  }
}
