import { basename } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { ragMessages } from "../../messages";
import { UnsupportedDocumentError } from "../unsupported-document";
import { isConsidered } from "./extensions";
import { attachedMessageLandmark, emailHeaderLine } from "./landmarks";
import { htmlText } from "./html-text";
import { required } from "../../../required";

// An e-mail (.eml, issue 34) as its reader sees it: who wrote it, to whom, when, about what, its
// body, and the names of its attachments. Its subject is its title. The attachments ingestion
// reads (documents, not a signature's logo) come with it, to be indexed as documents of their own.
// A message attached to it — a forward, a chain of forwards, the message a delivery report
// returns — is part of what it says (issue 54 §3): read into its text, announced, with its own
// header, body and attachments' names, a few levels deep.

/** An attached file, by the name it was attached with. */
export type Attachment = { filename: string; bytes: Uint8Array };

/** Past these, an e-mail's attachments are named in its text but not indexed (a mail of thousands is not an archive). */
export const MAX_INDEXED_ATTACHMENTS = 20;
/** Attached messages read into the text: this deep (a forward of a forward of …), and this many in all. */
export const MAX_ATTACHED_MESSAGE_DEPTH = 10;
export const MAX_ATTACHED_MESSAGES = 50;

/** How an e-mail's date reads (the firm's own time zone). */
const dateFormat = new Intl.DateTimeFormat("it-IT", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" });

/** Past these, an e-mail's attachments are counted, not named one by one. */
const NAMED_ATTACHMENTS = 50;

const ATTACHED_MESSAGE = /^(message\/(rfc822|global)|text\/rfc822-headers)$/i;

/** A name as it was attached, on one line: a name folded over lines or holding control characters is made plain (issue 54 §3). */
export const cleanAttachmentName = (name: string) =>
  name
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

async function parse(filename: string, bytes: Uint8Array | Buffer): Promise<ParsedMail> {
  return simpleParser(Buffer.from(bytes), { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true }).catch((error: unknown) => {
    // mailparser's own bounds (parts, nesting, header size): a hostile e-mail, refused by name.
    if ((error as { code?: string }).code === "EMAXLEN")
      throw new UnsupportedDocumentError(ragMessages.documents.emailTooComplex(filename));
    throw error;
  });
}

const addresses = (field: ParsedMail["to"]) => (Array.isArray(field) ? field.map((one) => one.text).join(", ") : (field?.text ?? ""));

/** What is left of the attached messages to read: the bound on all of them together. */
type Budget = { messages: number };

/** A message's reading blocks: its header, its body, its attachments' names, then the messages attached to it, each read in turn. */
async function messageBlocks(filename: string, mail: ParsedMail, depth: number, budget: Budget): Promise<string[]> {
  const body = mail.text?.trim() ? mail.text : typeof mail.html === "string" ? htmlText(mail.html).text : "";
  const names = mail.attachments.map((attachment, index) =>
    attachment.filename
      ? cleanAttachmentName(attachment.filename)
      : ATTACHED_MESSAGE.test(attachment.contentType)
        ? attachedName(index)
        : "senza nome",
  );
  const named =
    names.slice(0, NAMED_ATTACHMENTS).join(", ") + (names.length > NAMED_ATTACHMENTS ? ` e altri ${names.length - NAMED_ATTACHMENTS}` : "");
  const blocks = [
    mail.subject ? emailHeaderLine("subject", mail.subject) : "",
    mail.from ? emailHeaderLine("from", addresses(mail.from)) : "",
    mail.to ? emailHeaderLine("to", addresses(mail.to)) : "",
    mail.cc ? emailHeaderLine("cc", addresses(mail.cc)) : "",
    mail.date ? emailHeaderLine("date", dateFormat.format(mail.date)) : "",
    body.trim(),
    names.length > 0 ? `Allegati: ${named}` : "",
  ].filter(Boolean);
  for (const [index, attachment] of mail.attachments.entries()) {
    if (!isAttachedMessage(attachment) || depth >= MAX_ATTACHED_MESSAGE_DEPTH || budget.messages <= 0) continue;
    budget.messages -= 1;
    // Headers alone (a delivery report's text/rfc822-headers) are a message without a body.
    const headersOnly = /headers/i.test(attachment.contentType);
    const attached = await parse(filename, headersOnly ? Buffer.concat([attachment.content, Buffer.from("\r\n\r\n")]) : attachment.content);
    blocks.push(
      attachedMessageLandmark(required(names[index], "an attachment's name")),
      ...(await messageBlocks(filename, attached, depth + 1, budget)),
    );
  }
  return blocks;
}

const isAttachedMessage = (attachment: ParsedMail["attachments"][number]) =>
  ATTACHED_MESSAGE.test(attachment.contentType) || /\.eml$/i.test(attachment.filename ?? "");

/** An attached message without a file name: named by its place among the attachments. */
const attachedName = (index: number) => `messaggio ${index + 1}`;

export async function emailText(filename: string, bytes: Uint8Array): Promise<{ title: string; text: string; attachments: Attachment[] }> {
  const mail = await parse(filename, bytes);
  const blocks = await messageBlocks(filename, mail, 0, { messages: MAX_ATTACHED_MESSAGES });
  // The documents attached (not the messages: those are read above) are indexed on their own.
  const readable = mail.attachments
    .filter((attachment) => !isAttachedMessage(attachment))
    .map((attachment) => ({
      filename: basename(cleanAttachmentName(attachment.filename ?? "").replace(/\\/g, "/")),
      bytes: new Uint8Array(attachment.content),
    }))
    .filter((attachment) => attachment.filename && isConsidered(attachment.filename))
    .slice(0, MAX_INDEXED_ATTACHMENTS);
  return { title: mail.subject?.trim() ?? "", text: blocks.join("\n\n"), attachments: readable };
}
