import { documentPdf, isoDay, type PdfBlock, type PdfDocument } from "@oystar/pdf-tools";
import { citedNoteNumbers } from "./citations";
import { ragMessages } from "./messages";
import type { RagMessage } from "./rag-conversation";
import { sourceDocuments } from "./source-documents";

// Issue 25: a RAG answer saved as a PDF carries what it rests on — each document it cites, with
// its title, file, and the excerpt and page of every passage cited — on the page every export of
// the product shares (@oystar/pdf-tools; jspdf loads only then).

/** Markdown's marks are not for paper. */
const plain = (text: string) => text.replace(/(\*\*|__|`)/g, "").trim();

export function ragAnswerPdfDocument(answer: Pick<RagMessage, "content" | "sources">, question: string | null, date: Date): PdfDocument {
  const words = ragMessages.answerPdf;
  const blocks: PdfBlock[] = [
    ...(question ? [{ kind: "caption" as const, text: words.question(question) }] : []),
    { kind: "paragraph", text: plain(answer.content) },
  ];
  const sources = answer.sources ?? [];
  const documents = sourceDocuments(sources, citedNoteNumbers(answer.content, sources)).cited;
  if (documents.length > 0) {
    blocks.push({ kind: "heading", text: ragMessages.sources.title });
    for (const document of documents) {
      const { title, filename } = document.lead;
      blocks.push({
        kind: "caption",
        text: words.source(document.noteNumber, title || filename, filename && filename !== title ? filename : null),
      });
      const excerpts = document.cited.filter((passage) => passage.excerpt);
      if (excerpts.length > 0)
        blocks.push({
          kind: "list",
          items: excerpts.map((passage) => words.excerpt(plain(passage.excerpt), passage.page, passage.place ?? passage.reference ?? null)),
        });
    }
  }
  return { title: words.title, blocks, date };
}

/** The answer as a PDF file. */
export const ragAnswerPdf = (answer: Pick<RagMessage, "content" | "sources">, question: string | null, date: Date) =>
  documentPdf(ragAnswerPdfDocument(answer, question, date));

/** Named by the product, the module and the date. */
export const ragAnswerPdfFileName = (date: Date) => `OYSTAR_RAG_${isoDay(date)}.pdf`;
