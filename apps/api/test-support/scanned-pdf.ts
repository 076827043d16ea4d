import { jsPDF } from "jspdf";
import { openPdfPages } from "../src/ocr/pdf-pages";

/**
 * A scanned PDF, as a scanner makes it: each page is only a picture of text, no text layer.
 * The pictures are drawn from a text PDF with pdf.js's own standard fonts (no system fonts).
 */
export async function scannedPdf(pages: string[][]): Promise<Uint8Array> {
  const typed = new jsPDF();
  typed.setFontSize(18);
  pages.forEach((lines, index) => {
    if (index > 0) typed.addPage();
    lines.forEach((line, row) => typed.text(line, 15, 30 + row * 14));
  });
  const drawn = await openPdfPages(new Uint8Array(typed.output("arraybuffer")));
  const scanned = new jsPDF();
  for (let page = 1; page <= drawn.count; page += 1) {
    if (page > 1) scanned.addPage();
    scanned.addImage(new Uint8Array(await drawn.render(page)), "PNG", 0, 0, 210, 297);
  }
  await drawn.close();
  return new Uint8Array(scanned.output("arraybuffer"));
}
