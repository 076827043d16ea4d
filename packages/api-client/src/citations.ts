import { MAX_NOTE_NUMBER, RAG_CITATION_WARNING } from "./schemas/rag";

// The citation grammar of a RAG answer (spec 001 §2, §5), one owner for the server that checks
// and renumbers citations and for the screens that link them (issue 24): `[1]`, `[1, 2]`, `[1; 2]`.

/** A citation and its inside ("1, 2"), as a fresh global pattern (a shared one would carry its position). */
export const citationPattern = (): RegExp => /\[(\d+(?:\s*[,;]\s*\d+)*)\]/g;

/** The numbers one citation's inside names: "1, 2" → [1, 2]. */
export const citationGroupNumbers = (inside: string): number[] => inside.split(/[,;]/).map((part) => Number(part.trim()));

/** Every citation number in a text, in order, repeats kept. */
export const citationNumbersIn = (text: string): number[] =>
  [...text.matchAll(citationPattern())].flatMap((match) => citationGroupNumbers(match[1] ?? ""));

/** spec 001 §5: a citation number above 100 is a chunk id, not a note number. */
export function sourceOfCitation<Source extends { noteNumber: number; chunkId?: string }>(
  citation: number,
  sources: readonly Source[],
): Source | null {
  if (citation > MAX_NOTE_NUMBER) return sources.find((source) => source.chunkId === String(citation)) ?? null;
  return sources.find((source) => source.noteNumber === citation) ?? null;
}

/** spec 001 §2: the citation warning note is kept only once — duplicates removed, one note at the end. */
export function withSingleWarning(answer: string): string {
  if (!answer.includes(RAG_CITATION_WARNING)) return answer;
  const without = answer
    .split(RAG_CITATION_WARNING)
    .join("")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return `${without}\n\n${RAG_CITATION_WARNING}`;
}
