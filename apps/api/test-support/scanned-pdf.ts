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

/**
 * A PDF as an office makes one by scanning a signed page into a typed document: page 1 has its
 * text layer, page 2 is only a picture of text, page 3 is blank (a scan of nothing).
 */
export async function mixedPdf(typedLines: string[], scannedLines: string[]): Promise<Uint8Array> {
  const scan = await openPdfPages(await scannedPdf([scannedLines]));
  const mixed = new jsPDF();
  mixed.setFontSize(14);
  typedLines.forEach((line, row) => mixed.text(line, 15, 30 + row * 10));
  mixed.addPage();
  mixed.addImage(new Uint8Array(await scan.render(1)), "PNG", 0, 0, 210, 297);
  mixed.addPage();
  await scan.close();
  return new Uint8Array(mixed.output("arraybuffer"));
}
