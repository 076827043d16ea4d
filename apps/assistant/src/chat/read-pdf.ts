import { extractPdfText, type ExtractedPdf } from "@oystar/pdf-tools";
import { loadPdfjs } from "../pdfjs";

/** Reads a PDF's text in the browser: the file itself never leaves the computer. */
export async function readPdf(file: File): Promise<ExtractedPdf> {
  const pdfjs = await loadPdfjs();
  return extractPdfText({ name: file.name, size: file.size, bytes: () => file.arrayBuffer() }, (data) =>
    pdfjs.getDocument({ data, verbosity: 0 }),
  );
}
