import { expect, test } from "vitest";
import { deliveryReportEmail, forwardedChainEmail } from "../../../../test-support/mail-and-forms";
import { nestedEmail } from "../../../../test-support/office-files";
import { documentText } from "../document-text";
import { MAX_ATTACHED_MESSAGE_DEPTH } from "./email-text";

// Issue 54 §3: a forwarded message showed as «Allegati: senza nome» and its text was not indexed;
// delivery reports the same; an attachment's name with a line break was stored as it was.

test("a forwarded chain is read whole: each attached message announced, with its header, body and attachments' names", async () => {
  const read = await documentText("inoltro.eml", forwardedChainEmail().bytes);
  expect(read.title).toBe("Fwd: Fwd: Re: Convocazione assemblea");
  expect(read.text.split("\n\n")).toEqual([
    "Oggetto: Fwd: Fwd: Re: Convocazione assemblea",
    'Da: "Avv. Greco" <avv@studio.example>',
    'A: "Archivio" <archivio@studio.example>',
    "Data: 10 novembre 2026 alle ore 09:30",
    "Inoltro per conoscenza allo studio.",
    // Names on one line: one folded over two header lines, one holding a line break.
    "Allegati: Fwd: Re: Convocazione assemblea.eml, nota riservata.txt",
    "Messaggio allegato: Fwd: Re: Convocazione assemblea.eml",
    "Oggetto: Fwd: Re: Convocazione assemblea",
    'Da: "Segreteria" <segreteria@studio.example>',
    'A: "Avv. Greco" <avv@studio.example>',
    "Ti inoltro la risposta del cliente.",
    "Allegati: messaggio 1, delega.pdf",
    "Messaggio allegato: messaggio 1",
    "Oggetto: Re: Convocazione assemblea",
    'Da: "Mario Ferretti" <mario@ferretti.example>',
    'A: "Avv. Greco" <avv@studio.example>',
    "Data: 9 novembre 2026 alle ore 18:00",
    "Confermo la mia presenza e porto la delega.",
    "> La convocazione dell'assemblea è fissata per il 3 febbraio.",
  ]);
  // The messages are read into the mail, not indexed again on their own; the note is, by its clean name.
  expect(read.attachments?.map((attachment) => attachment.filename)).toEqual(["nota riservata.txt"]);
});

test("a delivery report: its explanation, the delivery status and the returned message's header", async () => {
  const { text } = await documentText("mancata-consegna.eml", deliveryReportEmail().bytes);
  expect(text).toContain("Il messaggio non è stato consegnato al destinatario indicato.");
  expect(text).toContain("Final-Recipient: rfc822; cliente@ferretti.example");
  expect(text).toContain("Status: 5.1.1");
  expect(text).toContain(
    "Allegati: messaggio 1\n\nMessaggio allegato: messaggio 1\n\nOggetto: Sollecito pagamento parcella 2026/118\n\nDa: avv@studio.example\n\nA: cliente@ferretti.example",
  );
});

test("a forward two hundred deep is read to a bound, the rest only named", async () => {
  const { text, attachments } = await documentText("inoltro.eml", nestedEmail(200));
  expect(text).toContain(`Oggetto: Inoltro ${199 - MAX_ATTACHED_MESSAGE_DEPTH}`);
  expect(text).not.toContain(`Oggetto: Inoltro ${198 - MAX_ATTACHED_MESSAGE_DEPTH}`);
  // The last one read names its forward, and goes no further.
  expect(text.endsWith(`Allegati: inoltro-${199 - MAX_ATTACHED_MESSAGE_DEPTH}.eml`)).toBe(true);
  expect(attachments).toEqual([]);
});
