import { extractPdfText, type ExtractedPdf } from "@oystar/pdf-tools";
import type * as PdfjsModule from "pdfjs-dist";

type Pdfjs = typeof PdfjsModule;

/**
 * pdf.js and its worker (about a megabyte) load only when a first PDF is dropped, from this
 * origin — never from a CDN (the CSP allows none, and nothing may download from elsewhere).
 */
let pdfjsLoading: Promise<Pdfjs> | null = null;
function loadPdfjs(): Promise<Pdfjs> {
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

/** Reads a PDF's text in the browser: the file itself never leaves the computer. */
export async function readPdf(file: File): Promise<ExtractedPdf> {
  const pdfjs = await loadPdfjs();
  return extractPdfText({ name: file.name, size: file.size, bytes: () => file.arrayBuffer() }, (data) => pdfjs.getDocument({ data, verbosity: 0 }));
}
