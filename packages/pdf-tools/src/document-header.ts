// A document sent with a question (spec 001 §4): a header line with its «name» and page count,
// then its text. Written here for the model, and read back here (the offline model in apps/api
// tells the question from the document with it).

export type DocumentFacts = { name: string; pages: number; text: string };

/** The document as the model reads it, after the question. */
export const formatDocumentContext = ({ name, pages, text }: DocumentFacts) =>
  `Documento «${name}» (${pages} ${pages === 1 ? "pagina" : "pagine"}):\n${text}`;

const HEADER = /(?:^|\n)Documento «([^»\n]+)» \((\d+) pagin[ae]\):\n/;

/** A user message split into its question and the document after it; null when it carries none. */
export function parseDocumentContext(message: string): { question: string; document: DocumentFacts } | null {
  const header = HEADER.exec(message);
  if (!header) return null;
  return {
    question: message.slice(0, header.index).trim(),
    document: { name: header[1] ?? "", pages: Number(header[2]), text: message.slice(header.index + header[0].length) },
  };
}
