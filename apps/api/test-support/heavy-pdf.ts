import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

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

/**
 * The fourth attack run's image bomb (issue 47): a picture-only PDF whose every page is one
 * grey image DECLARED `width` × `height`, all white, Flate-compressed. 20000 × 20000 is 400 MB of
 * pixels in a ~390 KB file; drawing it decodes every one of them.
 */
export async function imageBombPdf({ width, height, pages = 1 }: { width: number; height: number; pages?: number }): Promise<Uint8Array> {
  const pixels = await compressedWhiteImage(width, height);
  const pageIds = Array.from({ length: pages }, (_, page) => 4 + page * 2);
  const objects: Array<string | Uint8Array[]> = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages} >>`,
    [
      new TextEncoder().encode(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
      ),
      pixels,
      new TextEncoder().encode("\nendstream"),
    ],
  ];
  const draw = "q 595 0 0 842 0 0 cm /Im0 Do Q";
  for (const pageId of pageIds) {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
      `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`,
    );
  }
  return assemblePdf(objects);
}

/** `width` × `height` white grey pixels through Flate, compressed a band at a time (never 400 MB at once). */
async function compressedWhiteImage(width: number, height: number): Promise<Uint8Array> {
  const bandRows = Math.max(1, Math.min(height, Math.floor(8_000_000 / width)));
  const band = Buffer.alloc(width * bandRows, 0xff);
  async function* rows() {
    for (let done = 0; done < height; done += bandRows) yield done + bandRows <= height ? band : band.subarray(0, (height - done) * width);
  }
  const parts: Buffer[] = [];
  await pipeline(rows(), zlib.createDeflate({ level: 9 }), async (compressed: AsyncIterable<Buffer>) => {
    for await (const part of compressed) parts.push(part);
  });
  return new Uint8Array(Buffer.concat(parts));
}

/** A PDF from its objects in order (object n is `objects[n - 1]`), with its cross-reference table. */
function assemblePdf(objects: ReadonlyArray<string | Uint8Array[]>): Uint8Array {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [encoder.encode("%PDF-1.4\n")];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  const push = (chunk: Uint8Array) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  objects.forEach((object, position) => {
    offsets.push(length);
    push(encoder.encode(`${position + 1} 0 obj\n`));
    for (const part of typeof object === "string" ? [encoder.encode(object)] : object) push(part);
    push(encoder.encode("\nendobj\n"));
  });
  const xref = length;
  let table = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) table += `${String(offset).padStart(10, "0")} 00000 n \n`;
  table += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  push(encoder.encode(table));
  return Buffer.concat(chunks);
}
