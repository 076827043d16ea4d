import type * as PdfjsModule from "pdfjs-dist";

export type Pdfjs = typeof PdfjsModule;

/**
 * pdf.js and its worker (about a megabyte) load only when first needed — a PDF dropped into the
 * chat, a PDF source opened in the RAG's viewer — from this origin, never from a CDN (the CSP
 * allows none, and nothing may download from elsewhere).
 */
let pdfjsLoading: Promise<Pdfjs> | null = null;
export function loadPdfjs(): Promise<Pdfjs> {
  pdfjsLoading ??= Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
    (error: unknown) => {
      // A failed download (a new deploy, a dropped connection) must not stick: the next PDF retries.
      pdfjsLoading = null;
      throw error;
    },
  );
  return pdfjsLoading;
}
