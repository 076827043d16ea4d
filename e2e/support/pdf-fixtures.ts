import { jsPDF } from "jspdf";

/** A real PDF with a text layer: one page per entry, one line per string. */
export function textPdf(pages: string[][]): Buffer {
  const document = new jsPDF();
  pages.forEach((lines, index) => {
    if (index > 0) document.addPage();
    lines.forEach((line, row) => document.text(line, 20, 20 + row * 8));
  });
  return Buffer.from(document.output("arraybuffer"));
}
