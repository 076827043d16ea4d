/**
 * The third attack run's PDF (issue 33): `pages` pages that all share ONE content stream of
 * `operations` text operations, each on its own line. The file stays small (the stream is written
 * once) while every page repeats its whole text: 1,000 pages × 2,000 operations is ~190 KB that
 * reads as tens of millions of characters. Written by hand, object by object, because a PDF
 * library would write the stream once per page.
 */
export function sharedStreamPdf({
  pages,
  operations,
  words = "Clausola di riservatezza numero",
}: {
  pages: number;
  operations: number;
  words?: string;
}): Uint8Array {
  // Each operation places its line inside the page (text past the page's edge is not read).
  const lines = ["BT", "/F1 10 Tf"];
  for (let operation = 1; operation <= operations; operation += 1)
    lines.push(`1 0 0 1 36 ${800 - (operation % 64) * 12} Tm (${words} ${operation}) Tj`);
  lines.push("ET");
  const content = lines.join("\n");

  const pageIds = Array.from({ length: pages }, (_, page) => 5 + page);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...pageIds.map(() => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>"),
  ];

  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, position) => {
    offsets.push(body.length);
    body += `${position + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
