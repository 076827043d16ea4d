import { basename } from "node:path";
import { simpleParser } from "mailparser";
import { ragMessages } from "../../messages";
import { UnsupportedDocumentError } from "../unsupported-document";
import { isConsidered } from "./extensions";
import { emailHeaderLine } from "./landmarks";
import { htmlText } from "./html-text";

// An e-mail (.eml, issue 34) as its reader sees it: who wrote it, to whom, when, about what, its
// body, and the names of its attachments. Its subject is its title. The attachments ingestion
// reads (documents, not a signature's logo) come with it, to be indexed as documents of their own.

/** An attached file, by the name it was attached with. */
export type Attachment = { filename: string; bytes: Uint8Array };

/** Past these, an e-mail's attachments are named in its text but not indexed (a mail of thousands is not an archive). */
export const MAX_INDEXED_ATTACHMENTS = 20;

/** How an e-mail's date reads (the firm's own time zone). */
const dateFormat = new Intl.DateTimeFormat("it-IT", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" });

/** Past these, an e-mail's attachments are counted, not named one by one. */
const NAMED_ATTACHMENTS = 50;

export async function emailText(filename: string, bytes: Uint8Array): Promise<{ title: string; text: string; attachments: Attachment[] }> {
  const mail = await simpleParser(Buffer.from(bytes), { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true }).catch(
    (error: unknown) => {
      // mailparser's own bounds (parts, nesting, header size): a hostile e-mail, refused by name.
      if ((error as { code?: string }).code === "EMAXLEN")
        throw new UnsupportedDocumentError(ragMessages.documents.emailTooComplex(filename));
      throw error;
    },
  );
  const addresses = (field: typeof mail.to) => (Array.isArray(field) ? field.map((one) => one.text).join(", ") : (field?.text ?? ""));
  const body = mail.text?.trim() ? mail.text : typeof mail.html === "string" ? htmlText(mail.html).text : "";
  const attachments = mail.attachments.map((attachment) => attachment.filename ?? "senza nome");
  const readable = mail.attachments
    .map((attachment) => ({
      filename: basename((attachment.filename ?? "").replace(/\\/g, "/")),
      bytes: new Uint8Array(attachment.content),
    }))
    .filter((attachment) => attachment.filename && isConsidered(attachment.filename))
    .slice(0, MAX_INDEXED_ATTACHMENTS);
  const named =
    attachments.slice(0, NAMED_ATTACHMENTS).join(", ") +
    (attachments.length > NAMED_ATTACHMENTS ? ` e altri ${attachments.length - NAMED_ATTACHMENTS}` : "");
  const header = [
    mail.subject ? emailHeaderLine("subject", mail.subject) : "",
    mail.from ? emailHeaderLine("from", addresses(mail.from)) : "",
    mail.to ? emailHeaderLine("to", addresses(mail.to)) : "",
    mail.cc ? emailHeaderLine("cc", addresses(mail.cc)) : "",
    mail.date ? emailHeaderLine("date", dateFormat.format(mail.date)) : "",
  ];
  const footer = attachments.length > 0 ? [`Allegati: ${named}`] : [];
  return {
    title: mail.subject?.trim() ?? "",
    text: [...header, body.trim(), ...footer].filter(Boolean).join("\n\n"),
    attachments: readable,
  };
}
