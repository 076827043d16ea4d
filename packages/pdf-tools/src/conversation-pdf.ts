import { documentPdf, fileNamePart, isoDay, type PdfOptions } from "./answer-pdf";
import { pdfMessages } from "./messages";
import type { PdfBlock } from "./pdf-blocks";

/** A message as a conversation kept on the device has it (the chat's, RAG's). */
export type PdfConversationMessage = {
  role: "user" | "assistant";
  content: string;
  /** What the question's bubble showed (a document action's name). */
  label?: string;
  attachment?: { name: string; pages: number };
  basedOn?: string;
  /** A card (the quota's …) has no words to print. */
  card?: unknown;
};

export type PdfConversation = { title: string; subtitle?: string; messages: readonly PdfConversationMessage[]; date: Date };

/**
 * Issue 50 §6: a whole conversation as a PDF — each question as the user asked it (with the
 * document that went with it), each answer's Markdown drawn as it reads (with the document it
 * used) — on the product's shared page.
 */
export function conversationPdf({ title, subtitle, messages, date }: PdfConversation, options: PdfOptions = {}): Promise<Blob> {
  const blocks = messages.flatMap((message): PdfBlock[] => {
    if (message.card) return [];
    if (message.role === "user")
      return [
        { kind: "caption", text: pdfMessages.you },
        { kind: "rich", runs: [{ text: message.label ?? message.content }] },
        ...(message.attachment
          ? [
              {
                kind: "rich",
                runs: [{ text: pdfMessages.attachment(message.attachment.name, message.attachment.pages), italic: true }],
              } as const,
            ]
          : []),
      ];
    return [
      { kind: "caption", text: pdfMessages.assistant },
      { kind: "markdown", text: message.content },
      ...(message.basedOn ? [{ kind: "rich", runs: [{ text: pdfMessages.basedOn(message.basedOn), italic: true }] } as const] : []),
    ];
  });
  return documentPdf({ title, ...(subtitle ? { subtitle } : {}), blocks, date }, options);
}

/** OYSTAR_<title>_<day>.pdf. */
export const conversationPdfFileName = (title: string, date: Date) =>
  pdfMessages.conversationFileName(fileNamePart(title, 60), isoDay(date));
