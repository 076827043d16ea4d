import type { ChatMessage } from "@oystar/conversation";
import { answerPdf, answerPdfFileName, pdfMessages } from "@oystar/pdf-tools";
import { downloadFile } from "@oystar/ui-kit/react";

/**
 * spec 001 §2: an answer saved as a PDF named after the document it was about — issue 50 §6, with
 * the question it answered above it. `tell` hears 'Errore nella generazione del PDF...' when its
 * simplified text is tried. Rejects with the spec's message (§8): the generation error as
 * answerPdf says it, any other failure as a download error.
 */
export async function downloadAnswerPdf(
  message: ChatMessage,
  question: ChatMessage | undefined,
  documentName: string,
  tell: (notice: string) => void,
): Promise<void> {
  const date = new Date();
  const asked = question ? { question: question.label ?? question.content } : {};
  const pdf = await answerPdf({ text: message.content, ...asked, documentName, date }, { onFallback: tell }).catch((error: unknown) => {
    throw new Error(error instanceof Error && error.message === pdfMessages.generationFailed ? error.message : pdfMessages.downloadFailed, {
      cause: error,
    });
  });
  downloadFile(pdf, answerPdfFileName({ documentName, date }));
}
