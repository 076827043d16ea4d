import { answerText, type ChatMessage } from "@oystar/chat-core";
import { answerPdf, answerPdfFileName } from "@oystar/pdf-tools";

/** spec 001 §2: an answer saved as a PDF named after the document it was about. */
export async function downloadAnswerPdf(message: ChatMessage, documentName: string): Promise<void> {
  const date = new Date();
  const pdf = await answerPdf({ text: answerText(message.content), documentName, date });
  const url = URL.createObjectURL(pdf);
  const link = document.createElement("a");
  link.href = url;
  link.download = answerPdfFileName({ documentName, date });
  link.click();
  // The browser has started the download by the time this runs; the memory can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
