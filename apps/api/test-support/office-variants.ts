import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  EndnoteReferenceRun,
  Footer,
  FootnoteReferenceRun,
  Header,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  Textbox,
  TextRun,
} from "docx";
import ExcelJS from "exceljs";
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import PptxGenJS from "pptxgenjs";

// Issue 54: the files firms really have, made at test time as their programs make them — Word by
// `docx` with what lawyers' documents hold (footnotes, endnotes, comments, headers and footers,
// text boxes, tables inside tables), Excel by `exceljs` (notes on cells, several sheets),
// PowerPoint by `pptxgenjs` (speaker notes, tables) — and then saved as their variants: the same
// package with its main part's content type changed, as Word saves a template or Excel a workbook
// with macros. Each file comes with the phrases written into it: the independent text a reader
// must find (the phrase-recall check of issue 54 §6).

/** A file made for a test, and every phrase written into it, in the order written. */
export type MadeFile = { bytes: Uint8Array; phrases: string[] };

/** The lawyer's opinion's footnotes: case law, as real opinions cite it. */
export const FOOTNOTES = Array.from(
  { length: 12 },
  (_, index) =>
    `Cass. civ., sez. ${["I", "II", "III"][index % 3]}, ${10 + index} marzo 20${10 + index}, n. ${4100 + index * 37}, sulla nullità della clausola di recesso numero ${index + 1}.`,
);

/** A Word opinion: header, footer, heading, paragraphs citing footnotes, an endnote, a comment, a text box, a list, nested tables. */
export async function opinionWordFile(): Promise<MadeFile> {
  const phrases: string[] = [];
  const say = (text: string) => (phrases.push(text), text);
  const cell = (children: Array<Paragraph | Table>) => new TableCell({ children });
  const inner = new Table({
    rows: [
      new TableRow({ children: [cell([new Paragraph(say("Rata di gennaio"))]), cell([new Paragraph(say("milleduecento euro"))])] }),
      new TableRow({ children: [cell([new Paragraph(say("Rata di febbraio"))]), cell([new Paragraph(say("novecento euro"))])] }),
    ],
  });
  const document = new Document({
    title: "Parere sulla clausola di recesso",
    footnotes: Object.fromEntries(FOOTNOTES.map((note, index) => [index + 1, { children: [new Paragraph(say(note))] }])),
    endnotes: { 1: { children: [new Paragraph(say("Il presente parere è reso sulla base dei documenti forniti dal cliente."))] } },
    comments: {
      children: [
        {
          id: 0,
          author: "Avv. Greco",
          date: new Date("2026-11-10T09:00:00Z"),
          children: [new Paragraph(say("Verificare la data della raccomandata."))],
        },
      ],
    },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph(say("Studio Legale Greco, riservato e confidenziale"))] }) },
        footers: { default: new Footer({ children: [new Paragraph(say("Documento destinato al solo cliente Ferretti Costruzioni"))] }) },
        children: [
          new Paragraph({ text: say("Parere sulla clausola di recesso"), heading: HeadingLevel.HEADING_1 }),
          ...FOOTNOTES.map(
            (_, index) =>
              new Paragraph({
                children: [
                  new TextRun(say(`Il recesso del conduttore al punto ${index + 1} richiede un preavviso scritto di sei mesi`)),
                  new FootnoteReferenceRun(index + 1),
                  new TextRun("."),
                ],
              }),
          ),
          new Paragraph({
            children: [
              new CommentRangeStart(0),
              new TextRun(say("La raccomandata è stata ricevuta il 3 novembre")),
              new CommentRangeEnd(0),
              new TextRun({ children: [new CommentReference(0)] }),
              new EndnoteReferenceRun(1),
            ],
          }),
          new Textbox({
            style: { width: "200pt", height: "50pt" },
            children: [new Paragraph(say("Riquadro: termine ultimo per la risposta il 30 novembre"))],
          }),
          new Paragraph({ text: say("Restituzione del deposito cauzionale"), bullet: { level: 0 } }),
          new Table({
            rows: [
              new TableRow({
                children: [cell([new Paragraph(say("Piano dei pagamenti")), inner]), cell([new Paragraph(say("Da saldare entro marzo"))])],
              }),
            ],
          }),
        ],
      },
    ],
  });
  return { bytes: new Uint8Array(await Packer.toBuffer(document)), phrases };
}

/** Word's text box as Word 2010 and later write it: the drawing and its fallback copy, the same text twice in the file. */
export function withAlternateTextBox(file: MadeFile, text: string): MadeFile {
  const box = (inner: string) => `<w:txbxContent><w:p><w:r><w:t>${inner}</w:t></w:r></w:p></w:txbxContent>`;
  const run =
    `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><wps:wsp><wps:txbx>${box(text)}</wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>` +
    `<mc:Fallback><w:pict><v:shape><v:textbox>${box(text)}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>`;
  return {
    bytes: editPart(file.bytes, "word/document.xml", (xml) => xml.replace("<w:body>", `<w:body>${run}`)),
    phrases: [text, ...file.phrases],
  };
}

/** The main parts' content types of the variants, as their programs write them. */
export const VARIANT_CONTENT_TYPES = {
  docm: "application/vnd.ms-word.document.macroEnabled.main+xml",
  dotx: "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
  dotm: "application/vnd.ms-word.template.macroEnabledTemplate.main+xml",
  xlsm: "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
  xltx: "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
  pptm: "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
  ppsx: "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
  potx: "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
} as const;

/** The same package saved as a variant: its main part's content type changed (a macro-enabled file also carries its macros' part). */
export function asVariant(bytes: Uint8Array, variant: keyof typeof VARIANT_CONTENT_TYPES): Uint8Array {
  const edited = editPart(bytes, "[Content_Types].xml", (xml) =>
    xml.replace(/ContentType="[^"]*\.main\+xml"/, `ContentType="${VARIANT_CONTENT_TYPES[variant]}"`),
  );
  if (!variant.endsWith("m")) return edited;
  const files = unzipSync(edited);
  files[`${variant.startsWith("d") ? "word" : variant.startsWith("x") ? "xl" : "ppt"}/vbaProject.bin`] = new Uint8Array([
    0xd0, 0xcf, 0x11, 0xe0,
  ]);
  return zipSync(files as Zippable);
}

/** An Excel workbook: two sheets, a note on a cell, numbers, a formula's result. */
export async function ledgerWorkbook(): Promise<MadeFile> {
  const phrases: string[] = [];
  const say = (text: string) => (phrases.push(text), text);
  const workbook = new ExcelJS.Workbook();
  workbook.title = "Registro delle parcelle";
  const fees = workbook.addWorksheet("Parcelle 2026");
  fees.addRow([say("Cliente"), say("Pratica"), say("Onorario")]);
  fees.addRow([say("Ferretti Costruzioni"), say("Ricorso al TAR della Toscana"), 4200]);
  fees.addRow([say("Lanza Ottica"), say("Marchio europeo depositato"), 1300]);
  fees.getCell("B3").note = say("Deposito avvenuto presso l'EUIPO");
  fees.addRow([say("Totale"), "", { formula: "C2+C3", result: 5500 }]);
  const hearings = workbook.addWorksheet("Udienze");
  hearings.addRow([say("Pratica"), say("Data")]);
  hearings.addRow([say("Eredità Bonelli"), say("14 marzo 2027")]);
  return { bytes: new Uint8Array(await workbook.xlsx.writeBuffer()), phrases };
}

/** A PowerPoint deck: slides with text, a table, and speaker notes. */
export async function meetingDeck(): Promise<MadeFile> {
  const phrases: string[] = [];
  const say = (text: string) => (phrases.push(text), text);
  const deck = new PptxGenJS();
  deck.title = "Assemblea dei soci";
  const first = deck.addSlide();
  first.addText(say("Ordine del giorno dell'assemblea"), { x: 1, y: 0.5 });
  first.addText(say("Approvazione del bilancio consuntivo"), { x: 1, y: 1.5 });
  first.addNotes(say("Ricordare ai soci il versamento della quota entro dicembre"));
  const second = deck.addSlide();
  second.addTable(
    [
      [{ text: say("Socio") }, { text: say("Quota") }],
      [{ text: say("Giulia Marchetti") }, { text: say("trenta per cento") }],
    ],
    { x: 1, y: 1 },
  );
  second.addNotes(say("La nomina della nuova socia va verbalizzata"));
  return { bytes: new Uint8Array((await deck.write({ outputType: "nodebuffer" })) as Buffer), phrases };
}

/** Rewrites one part of a zip package. */
export function editPart(bytes: Uint8Array, part: string, edit: (xml: string) => string): Uint8Array {
  const files = unzipSync(bytes);
  files[part] = strToU8(edit(strFromU8(files[part]!)));
  return zipSync(files as Zippable);
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" ' +
  'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"';

/** An OpenDocument package as LibreOffice writes it: its media type first and stored, manifest, meta, styles, content. */
export function openDocumentPackage(mediaType: string, parts: { title: string; body: string; masterStyles?: string }): Uint8Array {
  const xml = (content: string) => strToU8(`<?xml version="1.0" encoding="UTF-8"?>${content}`);
  return zipSync({
    mimetype: [strToU8(mediaType), { level: 0 }],
    "META-INF/manifest.xml": xml(
      `<manifest:manifest ${ODF_NS} manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mediaType}"/>` +
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    ),
    "meta.xml": xml(
      `<office:document-meta ${ODF_NS} office:version="1.3"><office:meta><dc:title>${parts.title}</dc:title></office:meta></office:document-meta>`,
    ),
    "styles.xml": xml(
      `<office:document-styles ${ODF_NS} office:version="1.3"><office:master-styles>${parts.masterStyles ?? ""}</office:master-styles></office:document-styles>`,
    ),
    "content.xml": xml(
      `<office:document-content ${ODF_NS} office:version="1.3"><office:body>${parts.body}</office:body></office:document-content>`,
    ),
  });
}

/** A Writer opinion: page header and footer, a footnote and an endnote, a comment, a text box, a list, a table in a table, tracked deletions. */
export function opinionWriterFile(): MadeFile {
  const phrases: string[] = [];
  const say = (text: string) => (phrases.push(text), text);
  const p = (text: string) => `<text:p>${say(text)}</text:p>`;
  const cell = (content: string) => `<table:table-cell>${content}</table:table-cell>`;
  const body =
    "<office:text>" +
    '<text:tracked-changes><text:changed-region text:id="c1"><text:deletion><text:p>Testo cancellato che non va letto</text:p></text:deletion></text:changed-region></text:tracked-changes>' +
    `<text:h text:outline-level="1">${say("Determina sul servizio di manutenzione")}</text:h>` +
    `<text:p>${say("Il servizio è affidato alla cooperativa Il Frassino")}<text:note text:id="n1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body>${p("Ai sensi dell'articolo 50 del codice dei contratti pubblici.")}</text:note-body></text:note>` +
    `<office:annotation><dc:creator>${say("Dott.ssa Neri")}</dc:creator><dc:date>2026-11-10T09:00:00</dc:date>${p("Manca il CIG nella determina.")}</office:annotation>` +
    `${say(" per ventiquattro mesi")}<text:note text:id="n2" text:note-class="endnote"><text:note-citation>i</text:note-citation><text:note-body>${p("Determina pubblicata all'albo pretorio.")}</text:note-body></text:note>.</text:p>` +
    `<text:p><draw:frame svg:width="5cm" svg:height="2cm"><draw:text-box>${p("Riquadro: importo soggetto a ribasso d'asta")}</draw:text-box></draw:frame>${say("Il responsabile del procedimento vigila")}</text:p>` +
    `<text:list><text:list-item>${p("Durata: ventiquattro mesi")}</text:list-item></text:list>` +
    `<table:table table:name="Importi"><table:table-row>${cell(p("Voci di spesa") + `<table:table><table:table-row>${cell(p("Sfalcio dell'erba"))}${cell(p("quarantamila euro"))}</table:table-row></table:table>`)}${cell(p("Totale ottantaseimila euro"))}</table:table-row></table:table>` +
    "</office:text>";
  const masterStyles = `<style:master-page style:name="Standard"><style:header>${p("Comune di Fiesole, Area tecnica")}</style:header><style:footer>${p("Documento firmato digitalmente")}</style:footer></style:master-page>`;
  return {
    bytes: openDocumentPackage("application/vnd.oasis.opendocument.text", { title: "Determina n. 118", body, masterStyles }),
    phrases,
  };
}

/** An Impress deck with speaker notes. */
export function trainingImpressFile(): MadeFile {
  const phrases: string[] = [];
  const say = (text: string) => (phrases.push(text), text);
  const frame = (text: string) => `<draw:frame><draw:text-box><text:p>${say(text)}</text:p></draw:text-box></draw:frame>`;
  const body =
    "<office:presentation>" +
    `<draw:page draw:name="p1">${frame("Il registro dei trattamenti va aggiornato ogni semestre")}<presentation:notes><draw:page-thumbnail/>${frame("Portare il modulo firmato dal titolare")}</presentation:notes></draw:page>` +
    `<draw:page draw:name="p2">${frame("Le nomine dei responsabili esterni")}</draw:page>` +
    "</office:presentation>";
  return { bytes: openDocumentPackage("application/vnd.oasis.opendocument.presentation", { title: "Formazione privacy", body }), phrases };
}

/**
 * A Calc spreadsheet of about `xmlMegabytes` of content.xml, as LibreOffice writes a large register:
 * every cell typed and styled, rows of ten, empty cells repeated to the sheet's edge. Zipped it is a
 * small file (the issue's was 1.2 MB for 28 MB of XML).
 */
export function largeSpreadsheet(xmlMegabytes: number): { bytes: Uint8Array; xmlBytes: number; rows: number; lastRow: string } {
  const header = `<table:table-row>${[
    "Protocollo",
    "Data",
    "Mittente",
    "Oggetto",
    "Importo",
    "Ufficio",
    "Fascicolo",
    "Stato",
    "Note",
    "Esito",
  ]
    .map((name) => `<table:table-cell office:value-type="string" table:style-name="ce1"><text:p>${name}</text:p></table:table-cell>`)
    .join("")}</table:table-row>`;
  const rowOf = (row: number) =>
    `<table:table-row table:style-name="ro1">` +
    `<table:table-cell office:value-type="float" office:value="${row}" table:style-name="ce2"><text:p>${row}</text:p></table:table-cell>` +
    `<table:table-cell office:value-type="date" office:date-value="2026-01-${String((row % 28) + 1).padStart(2, "0")}" table:style-name="ce3"><text:p>${(row % 28) + 1}/01/2026</text:p></table:table-cell>` +
    `<table:table-cell office:value-type="string" table:style-name="ce1"><text:p>Ditta ${row}</text:p></table:table-cell>` +
    `<table:table-cell office:value-type="string" table:style-name="ce1"><text:p>Fattura ${row}</text:p></table:table-cell>` +
    `<table:table-cell office:value-type="currency" office:currency="EUR" office:value="${row % 997}" table:style-name="ce4"><text:p>${row % 997} €</text:p></table:table-cell>` +
    `<table:table-cell table:style-name="ce5" table:number-columns-repeated="5"/>` +
    `<table:table-cell table:number-columns-repeated="16374"/></table:table-row>`;
  const parts: string[] = [];
  let size = 0;
  let rows = 0;
  while (size < xmlMegabytes * 1024 * 1024) {
    const row = rowOf((rows += 1));
    parts.push(row);
    size += row.length;
  }
  const body = `<office:spreadsheet><table:table table:name="Protocollo 2026">${header}${parts.join("")}<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="16384"/></table:table-row></table:table></office:spreadsheet>`;
  return {
    bytes: openDocumentPackage("application/vnd.oasis.opendocument.spreadsheet", { title: "Protocollo", body }),
    xmlBytes: body.length,
    rows,
    lastRow: `Protocollo: ${rows} · Data: ${(rows % 28) + 1}/01/2026 · Mittente: Ditta ${rows} · Oggetto: Fattura ${rows} · Importo: ${rows % 997} €`,
  };
}

/** An RTF letter as Word saves it: font and colour tables, document info, a header, a footnote, a table, \'XX and \uN characters, a picture. */
export function rtfLetter(): MadeFile {
  const phrases = [
    "Studio Legale Greco intestazione",
    "Premessa",
    "Il cliente chiede se la clausola è valida",
    "Cass. civ. n. 1234/2020 sulla nullità",
    "Perché la clausola è vessatoria",
    "Canone · 1.850 euro",
    "Deposito · 5.550 euro",
    "Fine del parere",
  ];
  const rtf = [
    "{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\froman\\fcharset0 Times New Roman;}{\\f1\\fswiss\\fcharset0 Arial;}}",
    "{\\colortbl;\\red0\\green0\\blue0;}",
    "{\\stylesheet{\\s0 Normal;}{\\s1 heading 1;}}",
    "{\\info{\\title Parere legale}{\\author Avv. Greco}}",
    "{\\header \\pard\\plain Studio Legale Greco intestazione\\par}",
    "\\pard\\plain\\s1 Premessa\\par",
    "\\pard Il cliente chiede se la clausola \\'e8 valida{\\super\\chftn}{\\footnote\\pard\\plain{\\super\\chftn} Cass. civ. n. 1234/2020 sulla nullit\\'e0.}.\\par",
    "\\pard Perch\\u233? la clausola \\'e8 vessatoria.\\par",
    "\\trowd\\cellx2000\\cellx4000",
    "\\intbl Canone\\cell 1.850 euro\\cell\\row",
    "\\trowd\\cellx2000\\cellx4000",
    "\\intbl Deposito\\cell 5.550 euro\\cell\\row",
    "\\pard{\\*\\bkmkstart fine}{\\*\\bkmkend fine}Fine del parere.\\par",
    "{\\pict\\pngblip 89504e470d0a1a0a}",
    "}",
  ].join("\n");
  return { bytes: new Uint8Array(Buffer.from(rtf, "latin1")), phrases };
}

/** A Word file locked with a password, encrypted as Office does it (the package inside a compound file). */
export async function lockedWordFile(): Promise<Uint8Array> {
  const { default: officeCrypto } = await import("officecrypto-tool");
  return new Uint8Array(officeCrypto.encrypt(Buffer.from((await opinionWordFile()).bytes), { password: "segreta" }));
}

/** A Writer file saved with a password: its parts encrypted, its manifest saying how. */
export function lockedWriterFile(): Uint8Array {
  const files = unzipSync(opinionWriterFile().bytes);
  files["META-INF/manifest.xml"] = strToU8(
    strFromU8(files["META-INF/manifest.xml"]!).replace(
      '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>',
      '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml" manifest:size="4711"><manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="x"><manifest:algorithm manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="x"/></manifest:encryption-data></manifest:file-entry>',
    ),
  );
  files["content.xml"] = new Uint8Array(4711).map((_, index) => (index * 151) & 255);
  return zipSync(files as Zippable);
}
