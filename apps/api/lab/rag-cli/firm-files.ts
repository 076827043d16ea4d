import { createHash } from "node:crypto";
import { strToU8, zipSync, type Zippable } from "fflate";
import { jsPDF } from "jspdf";
import { openPdfPages } from "../../src/ocr/pdf-pages";

// The files a firm keeps (issue 34), written part by part with a fixed date, so that the same
// content always gives the same bytes: the demo index's Word file, e-mail and scanned page
// (scripts/demo-documents.ts), the demo's PDFs (scripts/demo-pdfs.ts) and the firm's archive of
// `pnpm bench rag` (archive-corpus.ts) are all made here. Nothing is read from the machine (no
// system fonts, no clock): a PDF's letters are jsPDF's standard fonts, a scan is drawn by pdf.js.

export const FIXED_DATE = new Date(Date.UTC(2026, 10, 1));

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const xml = (content: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${content}`);
/** A zip with every entry dated FIXED_DATE: the same parts give the same bytes. */
const zipped = (files: Zippable) => zipSync(files, { mtime: FIXED_DATE });

/** A block of a text document: a heading, a paragraph or a list item. */
export type TextBlock = { heading?: string; paragraph?: string; item?: string };

/** A Word file: headings, paragraphs and a list, as WordprocessingML. */
export function wordFile(title: string, blocks: readonly TextBlock[]): Uint8Array {
  const run = (text: string) => `<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
  const body = blocks
    .map((block) =>
      block.heading
        ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr>${run(block.heading)}</w:p>`
        : block.item
          ? `<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${run(block.item)}</w:p>`
          : `<w:p>${run(block.paragraph ?? "")}</w:p>`,
    )
    .join("");
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  return zipped({
    "[Content_Types].xml": xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
        '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>',
    ),
    "_rels/.rels": xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>',
    ),
    "docProps/core.xml": xml(
      '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:title>${escapeXml(title)}</dc:title><dc:creator>OYSTAR</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${FIXED_DATE.toISOString()}</dcterms:created></cp:coreProperties>`,
    ),
    "word/_rels/document.xml.rels": xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>',
    ),
    "word/styles.xml": xml(
      `<w:styles ${W}><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>` +
        '<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/></w:style></w:styles>',
    ),
    "word/numbering.xml": xml(
      `<w:numbering ${W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`,
    ),
    "word/document.xml": xml(`<w:document ${W}><w:body>${body}</w:body></w:document>`),
  });
}

const OPEN_DOCUMENT_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"';

/** An OpenDocument package, as LibreOffice writes one: its media type first and stored, then its manifest, metadata and content. */
function openDocument(mediaType: string, title: string, body: string): Uint8Array {
  return zipped({
    mimetype: [strToU8(mediaType), { level: 0 }],
    "META-INF/manifest.xml": xml(
      `<manifest:manifest ${OPEN_DOCUMENT_NS} manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mediaType}"/>` +
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    ),
    "meta.xml": xml(
      `<office:document-meta ${OPEN_DOCUMENT_NS} office:version="1.3"><office:meta><dc:title>${escapeXml(title)}</dc:title>` +
        `<meta:creation-date>${FIXED_DATE.toISOString().slice(0, 19)}</meta:creation-date></office:meta></office:document-meta>`,
    ),
    "content.xml": xml(
      `<office:document-content ${OPEN_DOCUMENT_NS} office:version="1.3"><office:body>${body}</office:body></office:document-content>`,
    ),
  });
}

/** A LibreOffice Writer file (.odt): headings, paragraphs and a list. */
export function writerFile(title: string, blocks: readonly TextBlock[]): Uint8Array {
  const body = blocks
    .map((block) =>
      block.heading
        ? `<text:h text:outline-level="1">${escapeXml(block.heading)}</text:h>`
        : block.item
          ? `<text:list><text:list-item><text:p>${escapeXml(block.item)}</text:p></text:list-item></text:list>`
          : `<text:p>${escapeXml(block.paragraph ?? "")}</text:p>`,
    )
    .join("");
  return openDocument("application/vnd.oasis.opendocument.text", title, `<office:text>${body}</office:text>`);
}

/** A LibreOffice Calc file (.ods): one sheet, its first row the header. */
export function calcFile(title: string, sheet: string, rows: readonly (readonly string[])[]): Uint8Array {
  const cells = (row: readonly string[]) =>
    row.map((cell) => `<table:table-cell office:value-type="string"><text:p>${escapeXml(cell)}</text:p></table:table-cell>`).join("");
  const body = `<office:spreadsheet><table:table table:name="${escapeXml(sheet)}">${rows.map((row) => `<table:table-row>${cells(row)}</table:table-row>`).join("")}</table:table></office:spreadsheet>`;
  return openDocument("application/vnd.oasis.opendocument.spreadsheet", title, body);
}

/** An Excel workbook (.xlsx): one sheet of inline-string cells, its first row the header. */
export function workbookFile(title: string, sheet: string, rows: readonly (readonly string[])[]): Uint8Array {
  const column = (index: number) => String.fromCharCode(65 + index);
  const sheetRows = rows
    .map(
      (row, number) =>
        `<row r="${number + 1}">${row.map((cell, index) => `<c r="${column(index)}${number + 1}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`).join("")}</row>`,
    )
    .join("");
  const RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
  const OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  return zipped({
    "[Content_Types].xml": xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>',
    ),
    "_rels/.rels": xml(
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="xl/workbook.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIPS}/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    ),
    "docProps/core.xml": xml(
      '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:title>${escapeXml(title)}</dc:title><dcterms:created xsi:type="dcterms:W3CDTF">${FIXED_DATE.toISOString()}</dcterms:created></cp:coreProperties>`,
    ),
    "xl/workbook.xml": xml(
      `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${OFFICE}"><sheets><sheet name="${escapeXml(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": xml(
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": xml(
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  });
}

/** A CSV file as an Italian spreadsheet exports it: a byte-order mark, «;» between fields, fields quoted when they must be. */
export function csvFile(rows: readonly (readonly string[])[]): Uint8Array {
  const field = (cell: string) => (/[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return strToU8(`\uFEFF${rows.map((row) => row.map(field).join(";")).join("\r\n")}\r\n`);
}

/** An e-mail as a mail program saves it (.eml), plain text. */
export const emailFile = (headers: Record<string, string>, body: string): Uint8Array =>
  strToU8(
    [
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      body,
      "",
    ].join("\r\n"),
  );

const PAGE = { margin: 22, body: 11, line: 6 } as const;

/**
 * Text as jsPDF's standard fonts can type it: their encoding (WinAnsi) has Latin-1 and a few
 * signs more; any other character («→», «≥», a Japanese word) comes out as bytes of nothing (a
 * text layer of NULs between letters), so it is typed as «?» instead, as a printer would.
 */
export const typeable = (text: string) => text.replace(/[^\n\u0020-\u007e\u00a0-\u00ff‘’“”–—…€•]/gu, "?");

/**
 * A typed PDF with its text layer, from a source text: `title:` and `subtitle:` lines, then `# `
 * the heading printed on the first page, `## ` section headings, paragraphs one to a line, and
 * `<<<pagina>>>` where a new page begins. The same source always gives the same bytes (a fixed
 * date, and a file id that is the source's hash).
 */
export function typedPdf(source: string): Uint8Array {
  const lines = source.split("\n");
  const field = (name: string) =>
    lines
      .find((line) => line.startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? "";
  const doc = new jsPDF({ unit: "mm", format: "a4", compress: true });
  doc.setProperties({ title: field("title"), subject: field("subtitle"), author: "OYSTAR", creator: "OYSTAR" });
  doc.setCreationDate(FIXED_DATE);
  doc.setFileId(createHash("md5").update(source).digest("hex").toUpperCase());
  const width = doc.internal.pageSize.getWidth() - PAGE.margin * 2;
  const bottom = doc.internal.pageSize.getHeight() - PAGE.margin;
  let y = PAGE.margin;
  const write = (text: string, size: number, style: "normal" | "bold" | "italic", after: number) => {
    doc.setFont("helvetica", style).setFontSize(size);
    for (const line of doc.splitTextToSize(text, width) as string[]) {
      // A long text goes on to the next page rather than off this one's bottom.
      if (y > bottom) {
        doc.addPage();
        y = PAGE.margin;
      }
      doc.text(line, PAGE.margin, y);
      y += PAGE.line * (size / PAGE.body);
    }
    y += after;
  };
  for (const line of lines) {
    if (/^(title|subtitle):/.test(line) || !line.trim()) continue;
    if (line === "<<<pagina>>>") {
      doc.addPage();
      y = PAGE.margin;
    } else if (line.startsWith("# ")) {
      write(line.slice(2), 20, "bold", 1);
      if (field("subtitle")) write(field("subtitle"), 13, "italic", 6);
    } else if (line.startsWith("## ")) {
      write(line.slice(3), 14, "bold", 1);
    } else {
      write(line, PAGE.body, "normal", 3);
    }
  }
  return new Uint8Array(doc.output("arraybuffer"));
}

/**
 * A typed page as a scanner gives it back: only its picture, no text layer. The page is typed
 * (a title, then `lines`, each wrapped to the page's width), drawn by pdf.js as the OCR draws
 * pages, and that picture alone is the scanned PDF.
 */
export async function scannedPage(title: string, lines: readonly string[]): Promise<Uint8Array> {
  const typed = new jsPDF({ unit: "mm", format: "a4" });
  typed.setCreationDate(FIXED_DATE);
  typed.setFont("helvetica", "bold").setFontSize(20).text(title, 22, 30);
  typed.setFont("helvetica", "normal").setFontSize(14);
  const wrapped = lines.flatMap((line) => typed.splitTextToSize(line, 166) as string[]);
  wrapped.forEach((line, row) => typed.text(line, 22, 48 + row * 9));
  const drawn = await openPdfPages(new Uint8Array(typed.output("arraybuffer")));
  const scanned = new jsPDF({ unit: "mm", format: "a4", compress: true });
  scanned.setProperties({ title, author: "OYSTAR", creator: "OYSTAR" });
  scanned.setCreationDate(FIXED_DATE);
  scanned.setFileId(createHash("md5").update(lines.join("\n")).digest("hex").toUpperCase());
  scanned.addImage(new Uint8Array(await drawn.render(1)), "PNG", 0, 0, 210, 297);
  await drawn.close();
  return new Uint8Array(scanned.output("arraybuffer"));
}
