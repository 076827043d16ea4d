import { jsPDF } from "jspdf";
import { afterAll, expect, test } from "vitest";
import {
  calcFile,
  csvFile,
  emailFile,
  impressFile,
  laughingWordFile,
  manyAttachmentsEmail,
  millionCellsFile,
  nestedEmail,
  sheetFile,
  slidesFile,
  wordFile,
  writerFile,
  zipBomb,
} from "../../../../test-support/office-files";
import { DocumentTooLongError } from "../reading-limits";
import { DocumentReader } from "../document-reader";
import { documentText } from "../document-text";
import { UnsupportedDocumentError } from "../unsupported-document";

// Issue 34 §1: the files a firm has, each read into its reading text with its structure —
// headings and list items as their own blocks, a table's rows one to a block (a sheet's under
// their header), slides and sheets announced — and its title. §4: hostile files refused by name.

test("Word (.docx): headings, paragraphs, list items and table rows, the title from its properties", async () => {
  expect(await documentText("contratto.docx", await wordFile())).toEqual({
    title: "Contratto di locazione Villa Serena",
    url: null,
    text: [
      "Articolo 1 — Oggetto",
      "Il locatore concede in locazione la Villa Serena di Fiesole al conduttore.",
      "Articolo 2 — Obblighi",
      "- Manutenzione ordinaria del giardino",
      "- Pagamento del canone entro il giorno cinque",
      "Canone mensile · 1.850 euro",
      "Deposito · 5.550 euro",
    ].join("\n\n"),
  });
});

test("LibreOffice Writer (.odt), as a public administration sends it", async () => {
  const read = await documentText("determina.odt", writerFile(), "https://comune.example/determina.odt");
  expect(read).toEqual({
    title: "Determina dirigenziale n. 118",
    url: "https://comune.example/determina.odt",
    text: "Oggetto\n\nAffidamento del servizio di manutenzione del verde pubblico alla cooperativa Il Frassino.\n\n- Durata: ventiquattro mesi\n\nImporto · 86.000 euro",
  });
});

test("slides (.pptx, .odp) announced by their number", async () => {
  expect((await documentText("soci.pptx", await slidesFile())).text).toBe(
    "Diapositiva 1\n\nOrdine del giorno\n\nApprovazione del bilancio dello studio\n\nDiapositiva 2\n\nNomina del nuovo socio: avvocata Giulia Marchetti",
  );
  expect(await documentText("formazione.odp", impressFile())).toMatchObject({
    title: "Formazione interna",
    text: "Diapositiva 1\n\nLa privacy dei clienti: il registro dei trattamenti va aggiornato ogni semestre.",
  });
});

test("sheets (.xlsx, .ods) and CSV: each row under its header", async () => {
  expect(await documentText("parcelle.xlsx", await sheetFile())).toMatchObject({
    title: "Parcelle",
    text: "Foglio «Parcelle 2026»\n\nCliente · Pratica · Onorario\n\nCliente: Ferretti Costruzioni · Pratica: Ricorso al TAR · Onorario: 4.200 euro\n\nCliente: Lanza Ottica · Pratica: Marchio europeo · Onorario: 1.300 euro",
  });
  expect((await documentText("scadenze.ods", calcFile())).text).toBe(
    "Foglio «Udienze»\n\nPratica · Udienza\n\nPratica: Eredità Bonelli · Udienza: 14 marzo 2027",
  );
  // Exported with «;» between fields and the comma for decimals, with a byte-order mark.
  expect(await documentText("fornitori_2026.csv", csvFile())).toEqual({
    title: "fornitori 2026",
    url: null,
    text: "Fornitore · Servizio · Costo\n\nFornitore: Cartoleria Fabbri · Servizio: Toner e carta · Costo: 312,50\n\nFornitore: Telecom · Servizio: Linea dello studio · Costo: 89,90",
  });
});

test("an e-mail (.eml): subject as title, who, to whom, when, the body, its attachments' names, and those to index", async () => {
  const { attachments, ...read } = await documentText("rinvio.eml", emailFile());
  // The record is a document to index; the signature's logo is only named.
  expect(attachments?.map((attachment) => attachment.filename)).toEqual(["verbale.pdf"]);
  expect((await documentText("verbale.pdf", attachments![0]!.bytes)).text).toContain(
    "il teste Mario Conti ha confermato la consegna del cantiere",
  );
  expect(read).toEqual({
    title: "Rinvio udienza Ferretti",
    url: null,
    text: [
      "Oggetto: Rinvio udienza Ferretti",
      'Da: "Avv. Paolo Greco" <paolo.greco@studiogreco.example>',
      'A: "Segreteria" <segreteria@studiogreco.example>',
      "Data: 10 novembre 2026 alle ore 09:30",
      "Il giudice ha rinviato l'udienza della causa Ferretti al 3 febbraio 2027.",
      "Allegati: verbale.pdf, logo.png",
    ].join("\n\n"),
  });
});

test("old binary Office files are refused by name, with what to send instead", async () => {
  const refusal = documentText("fascicolo/atto.doc", new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]));
  await expect(refusal).rejects.toThrow(UnsupportedDocumentError);
  await expect(refusal).rejects.toThrow(
    "«atto.doc» non è stato indicizzato, formato .doc: salvalo come .docx o come PDF e caricalo di nuovo (i file Word 97-2003 non si leggono).",
  );
  await expect(documentText("conti.xls", new Uint8Array([0xd0, 0xcf]))).rejects.toThrow(
    "«conti.xls» non è stato indicizzato, formato .xls: salvalo come .xlsx",
  );
});

const reader = new DocumentReader({ workers: 1 });
afterAll(() => reader.close());

test("hostile archives are refused by name in the reading process, before anything is inflated", async () => {
  // 210 MB of zeros in 200 KB, and ten thousand and one entries: each past a bound.
  await expect(reader.read({ filename: "bomba.docx", bytes: zipBomb({ entries: 1, inflatedBytes: 210 * 1024 * 1024 }) })).rejects.toThrow(
    "«bomba.docx» non è stato indicizzato: una volta decompresso supererebbe 200 MB o 10.000 file interni.",
  );
  await expect(reader.read({ filename: "sciame.xlsx", bytes: zipBomb({ entries: 10_001, inflatedBytes: 10_001 }) })).rejects.toThrow(
    "«sciame.xlsx» non è stato indicizzato: una volta decompresso supererebbe 200 MB o 10.000 file interni.",
  );
  await expect(reader.read({ filename: "rotto.odt", bytes: new TextEncoder().encode("non uno zip") })).rejects.toThrow(
    "«rotto.odt» non è stato indicizzato: il file è danneggiato o non è un documento Office valido.",
  );
  // The reader goes on: the next file is read.
  expect((await reader.read({ filename: "contratto.docx", bytes: await wordFile() })).title).toBe("Contratto di locazione Villa Serena");
});

test("a PDF of more scanned pages than OCR reads in a document is refused by name, before any is read", async () => {
  const blank = new jsPDF();
  for (let page = 1; page < 101; page += 1) blank.addPage();
  await expect(reader.read({ filename: "fascicolo/muto.pdf", bytes: new Uint8Array(blank.output("arraybuffer")) })).rejects.toThrow(
    "«muto.pdf» non è stato indicizzato: ha 101 pagine scansionate da leggere con l'OCR (massimo 100). Dividilo in documenti più piccoli.",
  );
});

test("hostile contents stay bounded: entities are not expanded, a million cells pass the text cap, a mail of parts is refused, a deep forward is read", async () => {
  // The «billion laughs»: the entity is left as written, not grown to a billion characters.
  expect((await reader.read({ filename: "risate.docx", bytes: laughingWordFile() })).text.length).toBeLessThan(100);
  // A million cells read past the document's text, stopped there.
  await expect(reader.read({ filename: "milione.xlsx", bytes: millionCellsFile() })).rejects.toThrow(DocumentTooLongError);
  // Five thousand attachments: past mailparser's own bound on parts.
  await expect(reader.read({ filename: "molti.eml", bytes: manyAttachmentsEmail(5000) })).rejects.toThrow(
    "«molti.eml» non è stato indicizzato: l'e-mail contiene troppe parti (allegati o messaggi annidati).",
  );
  // Two hundred forwards deep: read into the mail to a bound (issue 54 §3), the rest named.
  const forward = await reader.read({ filename: "inoltro.eml", bytes: nestedEmail(200) });
  expect(forward.text).toContain("Messaggio allegato: inoltro-199.eml");
  expect(forward.attachments).toEqual([]);
});
