// `pnpm --filter @oystar/api demo-documents`: writes the demo index's Word file, e-mail and scanned
// page (issue 34 §6: a newcomer sees each kind of a firm's documents cited and opened). Each is
// written part by part with fixed dates, so the same script always gives the same bytes and the
// demo index does not read them again at every start.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { strToU8, zipSync, type Zippable } from "fflate";
import { jsPDF } from "jspdf";
import { openPdfPages } from "../src/ocr/pdf-pages";

const demo = fileURLToPath(new URL("../rag-demo/", import.meta.url));
const FIXED_DATE = new Date(Date.UTC(2026, 10, 1));

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A Word file: headings, paragraphs and a list, as WordprocessingML. */
function wordFile(title: string, blocks: Array<{ heading?: string; paragraph?: string; item?: string }>): Uint8Array {
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
  const xml = (content: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${content}`);
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const files: Zippable = {
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
  };
  return zipSync(files, { mtime: FIXED_DATE });
}

/** An e-mail as a mail program saves it (.eml), plain text. */
const emailFile = (headers: Record<string, string>, body: string) =>
  strToU8(
    [...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), "MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "", body, ""].join(
      "\r\n",
    ),
  );

/** A typed page as a scanner gives it back: only its picture, no text layer. */
async function scannedPage(title: string, lines: string[]): Promise<Uint8Array> {
  const typed = new jsPDF({ unit: "mm", format: "a4" });
  typed.setCreationDate(FIXED_DATE);
  typed.setFont("helvetica", "bold").setFontSize(20).text(title, 22, 30);
  typed.setFont("helvetica", "normal").setFontSize(14);
  lines.forEach((line, row) => typed.text(line, 22, 48 + row * 9));
  const drawn = await openPdfPages(new Uint8Array(typed.output("arraybuffer")));
  const scanned = new jsPDF({ unit: "mm", format: "a4", compress: true });
  scanned.setProperties({ title, author: "OYSTAR", creator: "OYSTAR" });
  scanned.setCreationDate(FIXED_DATE);
  scanned.setFileId(createHash("md5").update(lines.join("\n")).digest("hex").toUpperCase());
  scanned.addImage(new Uint8Array(await drawn.render(1)), "PNG", 0, 0, 210, 297);
  await drawn.close();
  return new Uint8Array(scanned.output("arraybuffer"));
}

const documents: Record<string, Uint8Array> = {
  "manutenzione-del-roseto.docx": wordFile("Manutenzione del roseto: il calendario del giardiniere", [
    { heading: "Il calendario del roseto" },
    { paragraph: "Il roseto del giardino storico si cura secondo un calendario preciso, stagione per stagione." },
    { heading: "Inverno" },
    { paragraph: "A fine febbraio si potano le rose rifiorenti, lasciando da tre a cinque gemme per ramo." },
    { heading: "Primavera" },
    { item: "In marzo si concima con stallatico maturo ai piedi di ogni pianta." },
    { item: "In aprile si controllano gli afidi sui boccioli ogni settimana." },
    { heading: "Estate" },
    { paragraph: "Le rose si annaffiano la sera, al piede e mai sulle foglie, per non favorire l'oidio." },
  ]),
  "visita-guidata-al-giardino.eml": emailFile(
    {
      From: "Ufficio visite <visite@giardini.example>",
      To: "Gruppo FAI Firenze <gruppo@fai.example>",
      Subject: "Conferma della visita guidata al Giardino dei Semplici",
      Date: "Mon, 02 Nov 2026 10:15:00 +0100",
      "Message-ID": "<visita-2026-11@giardini.example>",
    },
    "Buongiorno,\r\n\r\nconfermiamo la visita guidata al Giardino dei Semplici per sabato 14 novembre alle ore 10, con ingresso da via Micheli.\r\n\r\n" +
      "La guida sarà la botanica Elena Ricci; il gruppo può contare al massimo venticinque persone.\r\n\r\nCordiali saluti,\r\nl'Ufficio visite",
  ),
};

for (const [filename, bytes] of Object.entries(documents)) {
  writeFileSync(`${demo}${filename}`, bytes);
  console.info(`rag-demo/${filename}`);
}
writeFileSync(
  `${demo}cartello-della-limonaia.pdf`,
  await scannedPage("Cartello della limonaia", [
    "Limonaia di Villa Aurora - avviso ai visitatori.",
    "Dal 15 ottobre al 15 aprile i limoni in vaso",
    "restano al riparo nella limonaia.",
    "La limonaia riapre alle visite il primo maggio.",
  ]),
);
console.info("rag-demo/cartello-della-limonaia.pdf");
