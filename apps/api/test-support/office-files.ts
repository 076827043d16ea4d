import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow } from "docx";
import ExcelJS from "exceljs";
import { jsPDF } from "jspdf";
import { strToU8, zipSync } from "fflate";
import PptxGenJS from "pptxgenjs";

// The files a firm has (issue 34), made at test time as their programs make them: Word by `docx`,
// PowerPoint by `pptxgenjs`, Excel by `exceljs`, LibreOffice's OpenDocument written part by part
// (it is a zip of XML files), an e-mail as MIME text. Each says the same facts of a made-up
// firm's case, so a question finds them whatever the format.

/** A Word file: a title, headings, a paragraph, a list and a table. */
export async function wordFile(): Promise<Uint8Array> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const document = new Document({
    title: "Contratto di locazione Villa Serena",
    sections: [
      {
        children: [
          new Paragraph({ text: "Articolo 1 — Oggetto", heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            text: "Il locatore concede in locazione la Villa Serena di Fiesole al conduttore.",
            alignment: AlignmentType.JUSTIFIED,
          }),
          new Paragraph({ text: "Articolo 2 — Obblighi", heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: "Manutenzione ordinaria del giardino", bullet: { level: 0 } }),
          new Paragraph({ text: "Pagamento del canone entro il giorno cinque", bullet: { level: 0 } }),
          new Table({
            rows: [
              new TableRow({ children: [cell("Canone mensile"), cell("1.850 euro")] }),
              new TableRow({ children: [cell("Deposito"), cell("5.550 euro")] }),
            ],
          }),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** A PowerPoint file of two slides. */
export async function slidesFile(): Promise<Uint8Array> {
  const presentation = new PptxGenJS();
  presentation.title = "Riunione dei soci";
  const first = presentation.addSlide();
  first.addText("Ordine del giorno", { x: 1, y: 1 });
  first.addText("Approvazione del bilancio dello studio", { x: 1, y: 2 });
  presentation.addSlide().addText("Nomina del nuovo socio: avvocata Giulia Marchetti", { x: 1, y: 1 });
  return new Uint8Array((await presentation.write({ outputType: "nodebuffer" })) as Buffer);
}

/** An Excel file: one sheet, a header and two rows. */
export async function sheetFile(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.title = "Parcelle";
  const sheet = workbook.addWorksheet("Parcelle 2026");
  sheet.addRow(["Cliente", "Pratica", "Onorario"]);
  sheet.addRow(["Ferretti Costruzioni", "Ricorso al TAR", "4.200 euro"]);
  sheet.addRow(["Lanza Ottica", "Marchio europeo", "1.300 euro"]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const OFFICE_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"';

/** An OpenDocument package: its media type first and stored, its manifest, metadata and content. */
function openDocument(mediaType: string, title: string, body: string): Uint8Array {
  const xml = (content: string) => strToU8(`<?xml version="1.0" encoding="UTF-8"?>${content}`);
  return zipSync({
    mimetype: [strToU8(mediaType), { level: 0 }],
    "META-INF/manifest.xml": xml(
      `<manifest:manifest ${OFFICE_NS} manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mediaType}"/>` +
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    ),
    "meta.xml": xml(
      `<office:document-meta ${OFFICE_NS} office:version="1.3"><office:meta><dc:title>${title}</dc:title></office:meta></office:document-meta>`,
    ),
    "content.xml": xml(
      `<office:document-content ${OFFICE_NS} office:version="1.3"><office:body>${body}</office:body></office:document-content>`,
    ),
  });
}

/** A LibreOffice Writer file, as a public administration sends it. */
export const writerFile = () =>
  openDocument(
    "application/vnd.oasis.opendocument.text",
    "Determina dirigenziale n. 118",
    "<office:text>" +
      '<text:h text:outline-level="1">Oggetto</text:h>' +
      "<text:p>Affidamento del servizio di manutenzione del verde pubblico alla cooperativa Il Frassino.</text:p>" +
      "<text:list><text:list-item><text:p>Durata: ventiquattro mesi</text:p></text:list-item></text:list>" +
      "<table:table><table:table-row><table:table-cell><text:p>Importo</text:p></table:table-cell><table:table-cell><text:p>86.000 euro</text:p></table:table-cell></table:table-row></table:table>" +
      "</office:text>",
  );

/** A LibreOffice Calc file: a header and a row. */
export const calcFile = () =>
  openDocument(
    "application/vnd.oasis.opendocument.spreadsheet",
    "Scadenze",
    '<office:spreadsheet><table:table table:name="Udienze">' +
      "<table:table-row><table:table-cell><text:p>Pratica</text:p></table:table-cell><table:table-cell><text:p>Udienza</text:p></table:table-cell></table:table-row>" +
      "<table:table-row><table:table-cell><text:p>Eredità Bonelli</text:p></table:table-cell><table:table-cell><text:p>14 marzo 2027</text:p></table:table-cell></table:table-row>" +
      "</table:table></office:spreadsheet>",
  );

/** A LibreOffice Impress file of one slide. */
export const impressFile = () =>
  openDocument(
    "application/vnd.oasis.opendocument.presentation",
    "Formazione interna",
    '<office:presentation><draw:page draw:name="Pagina 1"><draw:frame svg:width="10cm" svg:height="2cm"><draw:text-box>' +
      "<text:p>La privacy dei clienti: il registro dei trattamenti va aggiornato ogni semestre.</text:p>" +
      "</draw:text-box></draw:frame></draw:page></office:presentation>",
  );

/** The hearing's record attached to the e-mail: a one-page PDF. */
function recordPdf(): Uint8Array {
  const pdf = new jsPDF();
  pdf.text("Verbale di udienza: il teste Mario Conti ha confermato la consegna del cantiere.", 15, 30);
  return new Uint8Array(pdf.output("arraybuffer"));
}

/** An e-mail with a text body, the record as a PDF attachment and a signature's logo. */
export const emailFile = () =>
  strToU8(
    [
      "From: Avv. Paolo Greco <paolo.greco@studiogreco.example>",
      "To: Segreteria <segreteria@studiogreco.example>",
      "Subject: Rinvio udienza Ferretti",
      "Date: Tue, 10 Nov 2026 09:30:00 +0100",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="confine"',
      "",
      "--confine",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      "Il giudice ha rinviato l'udienza della causa Ferretti al 3 febbraio 2027.",
      "--confine",
      'Content-Type: application/pdf; name="verbale.pdf"',
      'Content-Disposition: attachment; filename="verbale.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from(recordPdf()).toString("base64"),
      "--confine",
      'Content-Type: image/png; name="logo.png"',
      'Content-Disposition: attachment; filename="logo.png"',
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("non un vero logo").toString("base64"),
      "--confine--",
      "",
    ].join("\r\n"),
  );

/** A CSV file exported by an Italian spreadsheet: «;» between fields, the comma for decimals. */
export const csvFile = () =>
  strToU8("\uFEFFFornitore;Servizio;Costo\r\nCartoleria Fabbri;Toner e carta;312,50\r\nTelecom;Linea dello studio;89,90\r\n");

/** A zip bomb dressed as a Word file: `inflatedBytes` of zeros that deflate to almost nothing, in `entries` entries. */
export function zipBomb({ entries, inflatedBytes }: { entries: number; inflatedBytes: number }): Uint8Array {
  const files: Record<string, [Uint8Array, { level: 9 }]> = {};
  const each = Math.ceil(inflatedBytes / entries);
  for (let entry = 0; entry < entries; entry += 1) files[`word/part-${entry}.xml`] = [new Uint8Array(each), { level: 9 }];
  return zipSync(files);
}

const part = (xml: string) => strToU8(`<?xml version="1.0" encoding="UTF-8"?>${xml}`);
const RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument";

/** A Word file whose text is the «billion laughs»: nine levels of entities, each ten of the one below. */
export function laughingWordFile(): Uint8Array {
  let entities = '<!ENTITY lol "lol">';
  for (let level = 1; level <= 9; level += 1) entities += `<!ENTITY lol${level} "${`&lol${level === 1 ? "" : level - 1};`.repeat(10)}">`;
  return zipSync({
    "[Content_Types].xml": part(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "_rels/.rels": part(
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_DOCUMENT}" Target="word/document.xml"/></Relationships>`,
    ),
    "word/document.xml": part(
      `<!DOCTYPE w:document [${entities}]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>`,
    ),
  });
}

/** An Excel file of a million cells (10,000 rows of 100), a few hundred kilobytes zipped. */
export function millionCellsFile(): Uint8Array {
  const row = Array.from({ length: 100 }, (_, column) => `<c t="inlineStr"><is><t>valore ${column}</t></is></c>`).join("");
  const rows = Array.from({ length: 10_000 }, (_, index) => `<row r="${index + 1}">${row}</row>`).join("");
  return zipSync({
    "[Content_Types].xml": part(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    "_rels/.rels": part(
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${OFFICE_DOCUMENT}" Target="xl/workbook.xml"/></Relationships>`,
    ),
    "xl/workbook.xml": part(
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Grande" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    "xl/_rels/workbook.xml.rels": part(
      `<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": part(
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
    ),
  });
}

/** An e-mail with `count` small text attachments. */
export function manyAttachmentsEmail(count: number): Uint8Array {
  const lines = [
    "From: a@studio.example",
    "Subject: Molti allegati",
    'Content-Type: multipart/mixed; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain",
    "",
    "Corpo.",
  ];
  for (let index = 0; index < count; index += 1) {
    lines.push(
      "--b",
      `Content-Type: text/plain; name="nota-${index}.txt"`,
      `Content-Disposition: attachment; filename="nota-${index}.txt"`,
      "",
      `Nota numero ${index}.`,
    );
  }
  return strToU8([...lines, "--b--", ""].join("\r\n"));
}

/** An e-mail that forwards an e-mail that forwards… `depth` times. */
export function nestedEmail(depth: number): Uint8Array {
  let message = "From: a@studio.example\r\nSubject: Il fondo\r\nContent-Type: text/plain\r\n\r\nIl messaggio in fondo.\r\n";
  for (let level = 0; level < depth; level += 1) {
    message =
      `From: a@studio.example\r\nSubject: Inoltro ${level}\r\nContent-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\nContent-Type: message/rfc822\r\n` +
      `Content-Disposition: attachment; filename="inoltro-${level}.eml"\r\n\r\n${message}\r\n--b${level}--\r\n`;
  }
  return strToU8(message);
}
