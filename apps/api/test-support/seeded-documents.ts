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
import { strToU8 } from "fflate";
import { AcroFormTextField, jsPDF } from "jspdf";
import { readFileSync } from "node:fs";
import PptxGenJS from "pptxgenjs";
import { random } from "../lab/rag-cli/bench-figures";
import { openDocumentPackage } from "./office-variants";

// Issue 54 §6: documents of every format, generated from a seed and never looked at while the
// readers were written — the phrase-recall check's held-out set. Each is made of sentences of the
// Debian evaluation corpus placed at random in what the format offers (paragraphs, headings,
// lists, tables in tables, footnotes, endnotes, comments, text boxes, headers and footers, sheets
// and cell notes, slides and speaker notes, attached messages, form fields), and comes with the
// sentences written into it: the independent text the reader must find.

export type SeededDocument = { filename: string; bytes: Uint8Array; written: string[] };

const sentences = (() => {
  const paragraphs = readFileSync(new URL("../rag-eval/debian-it/paragraphs.jsonl", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { text: string }).text);
  // Sentences of 6 to 30 words, of letters a document would hold (no markup, no code).
  return paragraphs
    .flatMap((paragraph) => paragraph.split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.replace(/\s+/g, " ").trim())
    .filter((sentence) => /^[\p{L}\d][\p{L}\p{N} ,.;:'’()-]+[.!?]?$/u.test(sentence))
    .filter((sentence) => sentence.split(" ").length >= 6 && sentence.split(" ").length <= 30);
})();

/** A source of sentences and choices for one document, from its seed. */
function writer(seed: number) {
  const next = random(seed);
  const written: string[] = [];
  return {
    written,
    pick: <T>(choices: readonly T[]): T => choices[Math.floor(next() * choices.length)]!,
    count: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
    /** A sentence written into the document (the XML's own characters escaped where the format needs it). */
    say: (escape: (text: string) => string = (text) => text) => {
      const sentence = sentences[Math.floor(next() * sentences.length)]!;
      written.push(sentence);
      return escape(sentence);
    },
  };
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function seededWord(seed: number): Promise<SeededDocument> {
  const w = writer(seed);
  const footnotes: Record<number, { children: Paragraph[] }> = {};
  const endnotes: Record<number, { children: Paragraph[] }> = {};
  const comments: Array<{ id: number; author: string; date: Date; children: Paragraph[] }> = [];
  const cell = (children: Array<Paragraph | Table>) => new TableCell({ children });
  const table = (nested: boolean): Table =>
    new Table({
      rows: Array.from(
        { length: w.count(1, 3) },
        () =>
          new TableRow({
            children: Array.from({ length: w.count(1, 3) }, () =>
              cell(nested && w.count(0, 3) === 0 ? [new Paragraph(w.say()), table(false)] : [new Paragraph(w.say())]),
            ),
          }),
      ),
    });
  const body: Array<Paragraph | Table | Textbox> = [];
  for (let block = w.count(8, 20); block > 0; block -= 1) {
    const kind = w.pick(["paragraph", "paragraph", "heading", "list", "footnote", "endnote", "comment", "table", "textbox"] as const);
    if (kind === "paragraph") body.push(new Paragraph(w.say()));
    else if (kind === "heading") body.push(new Paragraph({ text: w.say(), heading: HeadingLevel.HEADING_2 }));
    else if (kind === "list") body.push(new Paragraph({ text: w.say(), bullet: { level: 0 } }));
    else if (kind === "footnote") {
      const id = Object.keys(footnotes).length + 1;
      const text = w.say();
      footnotes[id] = { children: [new Paragraph(w.say())] };
      body.push(new Paragraph({ children: [new TextRun(text), new FootnoteReferenceRun(id)] }));
    } else if (kind === "endnote") {
      const id = Object.keys(endnotes).length + 1;
      const text = w.say();
      endnotes[id] = { children: [new Paragraph(w.say())] };
      body.push(new Paragraph({ children: [new TextRun(text), new EndnoteReferenceRun(id)] }));
    } else if (kind === "comment") {
      const id = comments.length;
      const text = w.say();
      comments.push({ id, author: "Revisore", date: new Date("2026-11-10T09:00:00Z"), children: [new Paragraph(w.say())] });
      body.push(
        new Paragraph({
          children: [
            new CommentRangeStart(id),
            new TextRun(text),
            new CommentRangeEnd(id),
            new TextRun({ children: [new CommentReference(id)] }),
          ],
        }),
      );
    } else if (kind === "table") body.push(table(true));
    else body.push(new Textbox({ style: { width: "200pt", height: "60pt" }, children: [new Paragraph(w.say())] }));
  }
  const document = new Document({
    footnotes,
    endnotes,
    comments: { children: comments },
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph(w.say())] }) },
        footers: { default: new Footer({ children: [new Paragraph(w.say())] }) },
        children: body,
      },
    ],
  });
  return { filename: `documento-${seed}.docx`, bytes: new Uint8Array(await Packer.toBuffer(document)), written: w.written };
}

export async function seededWorkbook(seed: number): Promise<SeededDocument> {
  const w = writer(seed);
  const workbook = new ExcelJS.Workbook();
  for (let sheet = w.count(1, 3); sheet > 0; sheet -= 1) {
    const worksheet = workbook.addWorksheet(`Foglio ${sheet}`);
    const columns = w.count(2, 5);
    for (let row = w.count(2, 12); row > 0; row -= 1) worksheet.addRow(Array.from({ length: columns }, () => w.say()));
    worksheet.getCell(`A${w.count(1, 2)}`).note = w.say();
  }
  return { filename: `registro-${seed}.xlsx`, bytes: new Uint8Array(await workbook.xlsx.writeBuffer()), written: w.written };
}

export async function seededDeck(seed: number): Promise<SeededDocument> {
  const w = writer(seed);
  const deck = new PptxGenJS();
  for (let slide = w.count(2, 6); slide > 0; slide -= 1) {
    const page = deck.addSlide();
    for (let box = w.count(1, 3); box > 0; box -= 1) page.addText(w.say(), { x: 0.5, y: box, w: 9, h: 0.8 });
    if (w.count(0, 1)) page.addTable([[{ text: w.say() }, { text: w.say() }]], { x: 0.5, y: 4 });
    if (w.count(0, 1)) page.addNotes(w.say());
  }
  return {
    filename: `riunione-${seed}.pptx`,
    bytes: new Uint8Array((await deck.write({ outputType: "nodebuffer" })) as Buffer),
    written: w.written,
  };
}

export function seededWriter(seed: number): SeededDocument {
  const w = writer(seed);
  const p = () => `<text:p>${w.say(xml)}</text:p>`;
  const parts: string[] = [];
  for (let block = w.count(8, 20); block > 0; block -= 1) {
    const kind = w.pick(["p", "p", "h", "list", "note", "endnote", "annotation", "table", "frame"] as const);
    if (kind === "p") parts.push(p());
    else if (kind === "h") parts.push(`<text:h text:outline-level="2">${w.say(xml)}</text:h>`);
    else if (kind === "list") parts.push(`<text:list><text:list-item>${p()}</text:list-item></text:list>`);
    else if (kind === "note" || kind === "endnote")
      parts.push(
        `<text:p>${w.say(xml)}<text:note text:note-class="${kind === "note" ? "footnote" : "endnote"}"><text:note-citation>1</text:note-citation><text:note-body>${p()}</text:note-body></text:note></text:p>`,
      );
    else if (kind === "annotation")
      parts.push(`<text:p>${w.say(xml)}<office:annotation><dc:creator>Revisore</dc:creator>${p()}</office:annotation></text:p>`);
    else if (kind === "table")
      parts.push(
        `<table:table><table:table-row><table:table-cell>${p()}<table:table><table:table-row><table:table-cell>${p()}</table:table-cell></table:table-row></table:table></table:table-cell><table:table-cell>${p()}</table:table-cell></table:table-row></table:table>`,
      );
    else parts.push(`<text:p><draw:frame><draw:text-box>${p()}</draw:text-box></draw:frame>${w.say(xml)}</text:p>`);
  }
  const masterStyles = `<style:master-page style:name="Standard"><style:header>${p()}</style:header><style:footer>${p()}</style:footer></style:master-page>`;
  const bytes = openDocumentPackage("application/vnd.oasis.opendocument.text", {
    title: `Atto ${seed}`,
    body: `<office:text>${parts.join("")}</office:text>`,
    masterStyles,
  });
  return { filename: `atto-${seed}.odt`, bytes, written: w.written };
}

export function seededCalc(seed: number): SeededDocument {
  const w = writer(seed);
  const cell = () => `<table:table-cell office:value-type="string"><text:p>${w.say(xml)}</text:p></table:table-cell>`;
  const tables: string[] = [];
  for (let sheet = w.count(1, 3); sheet > 0; sheet -= 1) {
    const columns = w.count(2, 4);
    const rows = Array.from(
      { length: w.count(2, 10) },
      () =>
        `<table:table-row>${Array.from({ length: columns }, cell).join("")}<table:table-cell table:number-columns-repeated="1000"/></table:table-row>`,
    );
    tables.push(`<table:table table:name="Foglio ${sheet}">${rows.join("")}</table:table>`);
  }
  const bytes = openDocumentPackage("application/vnd.oasis.opendocument.spreadsheet", {
    title: `Calcolo ${seed}`,
    body: `<office:spreadsheet>${tables.join("")}</office:spreadsheet>`,
  });
  return { filename: `calcolo-${seed}.ods`, bytes, written: w.written };
}

export function seededImpress(seed: number): SeededDocument {
  const w = writer(seed);
  const frame = () => `<draw:frame><draw:text-box><text:p>${w.say(xml)}</text:p></draw:text-box></draw:frame>`;
  const pages = Array.from(
    { length: w.count(2, 6) },
    (_, page) =>
      `<draw:page draw:name="p${page}">${Array.from({ length: w.count(1, 3) }, frame).join("")}${w.count(0, 1) ? `<presentation:notes>${frame()}</presentation:notes>` : ""}</draw:page>`,
  );
  const bytes = openDocumentPackage("application/vnd.oasis.opendocument.presentation", {
    title: `Presentazione ${seed}`,
    body: `<office:presentation>${pages.join("")}</office:presentation>`,
  });
  return { filename: `presentazione-${seed}.odp`, bytes, written: w.written };
}

/** RTF's text escaped as Word writes it: \'XX for the code page's accented letters, \uN? for the rest. */
const rtfEscape = (text: string) =>
  [...text]
    .map((character) => {
      const code = character.codePointAt(0)!;
      if (character === "\\" || character === "{" || character === "}") return `\\${character}`;
      if (code < 128) return character;
      if (code < 256) return `\\'${code.toString(16).padStart(2, "0")}`;
      return `\\u${code > 32767 ? code - 65536 : code}?`;
    })
    .join("");

export function seededRtf(seed: number): SeededDocument {
  const w = writer(seed);
  const parts = [
    "{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\froman Times New Roman;}}{\\colortbl;\\red0\\green0\\blue0;}",
    `{\\info{\\title Documento ${seed}}}`,
    `{\\header \\pard ${w.say(rtfEscape)}\\par}`,
  ];
  for (let block = w.count(6, 15); block > 0; block -= 1) {
    const kind = w.pick(["p", "p", "footnote", "row"] as const);
    if (kind === "p") parts.push(`\\pard ${w.say(rtfEscape)}\\par`);
    else if (kind === "footnote")
      parts.push(`\\pard ${w.say(rtfEscape)}{\\super\\chftn}{\\footnote\\pard{\\super\\chftn} ${w.say(rtfEscape)}}\\par`);
    else parts.push(`\\trowd\\cellx3000\\cellx6000\\intbl ${w.say(rtfEscape)}\\cell ${w.say(rtfEscape)}\\cell\\row`);
  }
  parts.push("}");
  return { filename: `documento-${seed}.rtf`, bytes: new Uint8Array(Buffer.from(parts.join("\n"), "latin1")), written: w.written };
}

export function seededEmail(seed: number): SeededDocument {
  const w = writer(seed);
  const message = (subject: string, depth: number): string => {
    const body = Array.from({ length: w.count(1, 4) }, () => w.say()).join("\r\n\r\n");
    const attached = depth > 0 && w.count(0, 2) > 0 ? message(`Fwd: ${w.say()}`, depth - 1) : null;
    const head = [`From: Studio <studio@studio.example>`, `To: Cliente <cliente@cliente.example>`, `Subject: ${subject}`];
    if (!attached) return [...head, "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "", body].join("\r\n");
    const boundary = `confine-${depth}`;
    return [
      ...head,
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      "",
      `--${boundary}`,
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      body,
      `--${boundary}`,
      "Content-Type: message/rfc822",
      "",
      attached,
      `--${boundary}--`,
      "",
    ].join("\r\n");
  };
  return { filename: `messaggio-${seed}.eml`, bytes: strToU8(message(w.say(), 3)), written: w.written };
}

export function seededPdf(seed: number): SeededDocument {
  const w = writer(seed);
  const pdf = new jsPDF();
  let y = 20;
  // jsPDF's standard fonts hold Latin-1: the sentences are kept to it.
  const latin = (text: string) => text.replace(/[^\p{ASCII}\u00a0-\u00ff]/gu, "");
  for (let line = w.count(4, 10); line > 0; line -= 1) {
    for (const part of pdf.splitTextToSize(w.say(latin), 170) as string[]) {
      if (y > 270) {
        pdf.addPage();
        y = 20;
      }
      pdf.text(part, 15, y);
      y += 8;
    }
  }
  const field = new AcroFormTextField();
  Object.assign(field, { fieldName: "Note", value: w.say(latin), x: 15, y: Math.min(y + 5, 280), width: 180, height: 10 });
  pdf.addField(field);
  pdf.createAnnotation({ type: "text", title: "Revisore", bounds: { x: 150, y: 20, w: 10, h: 10 }, contents: w.say(latin), open: false });
  return { filename: `modulo-${seed}.pdf`, bytes: new Uint8Array(pdf.output("arraybuffer")), written: w.written.map(latin) };
}
