import { strToU8 } from "fflate";
import { AcroFormCheckBox, AcroFormTextField, jsPDF } from "jspdf";
import { readFileSync } from "node:fs";
import type { MadeFile } from "./office-variants";

// Issue 54 §3, §4, §6: e-mails and PDFs as firms receive them, made at test time — a chain of
// forwards, a delivery report, a filled PDF form with notes on it, a 1 MB e-mail of one long block
// — each with the phrases written into it.

/** A forwarded chain as mail programs send it: a message attached to a message attached to a message, a PDF in the middle one. */
export function forwardedChainEmail(): MadeFile {
  const phrases = [
    "La convocazione dell'assemblea è fissata per il 3 febbraio",
    "Ti inoltro la risposta del cliente",
    "Confermo la mia presenza e porto la delega",
    "Inoltro per conoscenza allo studio",
  ];
  const inner = [
    "From: Mario Ferretti <mario@ferretti.example>",
    "To: Avv. Greco <avv@studio.example>",
    "Subject: Re: Convocazione assemblea",
    "Date: Mon, 9 Nov 2026 18:00:00 +0100",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `${phrases[2]}.`,
    "",
    `> ${phrases[0]}.`,
  ].join("\r\n");
  const middle = [
    "From: Segreteria <segreteria@studio.example>",
    "To: Avv. Greco <avv@studio.example>",
    "Subject: Fwd: Re: Convocazione assemblea",
    'Content-Type: multipart/mixed; boundary="medio"',
    "",
    "--medio",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `${phrases[1]}.`,
    "--medio",
    "Content-Type: message/rfc822",
    "",
    inner,
    "--medio",
    'Content-Type: application/pdf; name="delega.pdf"',
    'Content-Disposition: attachment; filename="delega.pdf"',
    "Content-Transfer-Encoding: base64",
    "",
    Buffer.from("%PDF-1.4 non letto").toString("base64"),
    "--medio--",
  ].join("\r\n");
  const outer = [
    "From: Avv. Greco <avv@studio.example>",
    "To: Archivio <archivio@studio.example>",
    "Subject: Fwd: Fwd: Re: Convocazione assemblea",
    "Date: Tue, 10 Nov 2026 09:30:00 +0100",
    'Content-Type: multipart/mixed; boundary="esterno"',
    "",
    "--esterno",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `${phrases[3]}.`,
    "--esterno",
    "Content-Type: message/rfc822",
    'Content-Disposition: attachment; filename="Fwd: Re: Convocazione\r\n assemblea.eml"',
    "",
    middle,
    "--esterno",
    // A name with a line break in it, as RFC 2231 lets a sender write one.
    "Content-Type: text/plain; charset=utf-8",
    "Content-Disposition: attachment; filename*=UTF-8''nota%0D%0Ariservata.txt",
    "",
    "Nota riservata per l'archivio.",
    "--esterno--",
    "",
  ].join("\r\n");
  return { bytes: strToU8(outer), phrases };
}

/** A delivery report as a mail server sends it: its explanation, the delivery status, and the returned message's headers. */
export function deliveryReportEmail(): MadeFile {
  const phrases = ["Il messaggio non è stato consegnato", "cliente@ferretti.example", "Sollecito pagamento parcella 2026/118"];
  const report = [
    "From: Mail Delivery System <postmaster@studio.example>",
    "To: avv@studio.example",
    "Subject: Undelivered Mail Returned to Sender",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="r"',
    "",
    "--r",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `${phrases[0]} al destinatario indicato.`,
    "--r",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.studio.example",
    "",
    `Final-Recipient: rfc822; ${phrases[1]}`,
    "Action: failed",
    "Status: 5.1.1",
    "--r",
    "Content-Type: text/rfc822-headers",
    "",
    "From: avv@studio.example",
    `To: ${phrases[1]}`,
    `Subject: ${phrases[2]}`,
    "--r--",
    "",
  ].join("\r\n");
  return { bytes: strToU8(report), phrases };
}

/** A filled PDF form as a firm receives one: its fields filled in, a box ticked, a reader's note and a free-text remark on it. */
export function filledPdfForm(): MadeFile {
  const pdf = new jsPDF();
  pdf.text("Modulo di conferimento di incarico professionale", 15, 20);
  const client = new AcroFormTextField();
  Object.assign(client, { fieldName: "Cliente", value: "Ferretti Costruzioni srl", x: 15, y: 30, width: 80, height: 10 });
  pdf.addField(client);
  const matter = new AcroFormTextField();
  Object.assign(matter, {
    fieldName: "Oggetto dell'incarico",
    value: "Ricorso contro il diniego del permesso di costruire",
    x: 15,
    y: 45,
    width: 150,
    height: 10,
  });
  pdf.addField(matter);
  const privacy = new AcroFormCheckBox();
  Object.assign(privacy, { fieldName: "Consenso privacy", value: "On", appearanceState: "On", x: 15, y: 60, width: 5, height: 5 });
  pdf.addField(privacy);
  pdf.createAnnotation({
    type: "text",
    title: "Avv. Greco",
    bounds: { x: 150, y: 20, w: 10, h: 10 },
    contents: "Manca la firma del legale rappresentante",
    open: false,
  });
  pdf.createAnnotation({
    type: "freetext",
    bounds: { x: 100, y: 80, w: 80, h: 10 },
    contents: "Da restituire entro venerdì",
    color: "#000000",
  });
  return {
    bytes: new Uint8Array(pdf.output("arraybuffer")),
    phrases: [
      "Modulo di conferimento di incarico professionale",
      "Ferretti Costruzioni srl",
      "Ricorso contro il diniego del permesso di costruire",
      "Manca la firma del legale rappresentante",
      "Da restituire entro venerdì",
    ],
  };
}

/**
 * An e-mail of about `bytes` of text, as the 1.1 MB one: a long thread pasted as plain text,
 * one line per paragraph with no blank line between — one block of prose — from the Debian corpus.
 */
export function largeEmail(bytes: number): { bytes: Uint8Array; body: string } {
  const paragraphs = readFileSync(new URL("../rag-eval/debian-it/paragraphs.jsonl", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { text: string }).text.replace(/\s+/g, " ").trim());
  const lines: string[] = [];
  let size = 0;
  for (let at = 0; size < bytes; at += 1) {
    const line = paragraphs[at % paragraphs.length]!;
    lines.push(line);
    size += Buffer.byteLength(line) + 2;
  }
  const body = lines.join("\r\n");
  const mail = [
    "From: Avv. Greco <avv@studio.example>",
    "To: Archivio <archivio@studio.example>",
    "Subject: Storico della pratica Ferretti",
    "Date: Tue, 10 Nov 2026 09:30:00 +0100",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    body,
    "",
  ].join("\r\n");
  return { bytes: strToU8(mail), body };
}
