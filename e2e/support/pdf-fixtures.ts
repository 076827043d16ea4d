import { jsPDF } from "jspdf";

/** A real PDF with a text layer: one page per entry, one line per string; its title if given. */
export function textPdf(pages: string[][], title?: string): Buffer {
  const document = new jsPDF();
  if (title !== undefined) document.setProperties({ title });
  pages.forEach((lines, index) => {
    if (index > 0) document.addPage();
    lines.forEach((line, row) => document.text(line, 20, 20 + row * 8));
  });
  return Buffer.from(document.output("arraybuffer"));
}

/** A scanned PDF (pictures of text, no text layer), made the way the API's own tests make one. */
export { scannedPdf } from "../../apps/api/test-support/scanned-pdf";
