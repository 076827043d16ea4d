// `pnpm --filter @oystar/api demo-documents`: writes the demo index's Word file, e-mail and scanned
// page (issue 34 §6: a newcomer sees each kind of a firm's documents cited and opened). Each is
// written part by part with fixed dates (lab/rag-cli/firm-files.ts, which also writes the firm's
// archive of `pnpm bench rag`), so the same script always gives the same bytes and the demo index
// does not read them again at every start.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { emailFile, scannedPage, wordFile } from "../lab/rag-cli/firm-files";

const demo = fileURLToPath(new URL("../rag-demo/", import.meta.url));

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
