import { MAX_NOTE_NUMBER, RAG_CITATION_WARNING } from "@oystar/api-client";
import type { RagSource } from "./rag-conversation";

// spec 001 §2, §5: citations in a RAG answer and the sources they name.

/** `[1]`, `[1, 2]`, `[1; 2]`: the forms the server's citation check reads. */
const CITATION = /\[(\d+(?:\s*[,;]\s*\d+)*)\]/g;

/** Every citation number in an answer, in order of first appearance. */
export function citationNumbers(text: string): number[] {
  const numbers = [...text.matchAll(CITATION)].flatMap((match) => (match[1] ?? "").split(/[,;]/).map((part) => Number(part.trim())));
  return [...new Set(numbers)];
}

/** spec 001 §5: a citation number above 100 is a chunk id, not a note number. */
export function sourceOfCitation(citation: number, sources: readonly RagSource[]): RagSource | null {
  if (citation > MAX_NOTE_NUMBER) return sources.find((source) => source.chunkId === String(citation)) ?? null;
  return sources.find((source) => source.noteNumber === citation) ?? null;
}

/** The note numbers an answer cites (chunk ids resolved to the note of their passage). */
export function citedNoteNumbers(text: string, sources: readonly RagSource[]): Set<number> {
  const cited = new Set<number>();
  for (const citation of citationNumbers(text)) {
    const source = sourceOfCitation(citation, sources);
    if (source) cited.add(source.noteNumber);
  }
  return cited;
}

/**
 * spec 001 §2: the citation warning note is kept only once — duplicates removed, one note
 * appended at the end.
 */
export function withSingleWarning(answer: string): string {
  if (!answer.includes(RAG_CITATION_WARNING)) return answer;
  const without = answer.split(RAG_CITATION_WARNING).join("").replace(/\n{3,}/g, "\n\n").trim();
  return `${without}\n\n${RAG_CITATION_WARNING}`;
}

/** A source's address as a link: only an http(s) URL is one. */
export function sourceLink(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url.trim())) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * spec 001 §5: "Sources are shown only when the URL begins with http" — the others (a file
 * indexed without an address, a relative path) are not listed, and their citations lead nowhere.
 * Where the screen has the source viewer (issue 25) a passage of the index opens in it, address
 * or not: then a source is shown when it has either.
 */
export function shownSources(sources: readonly RagSource[], options: { viewer?: boolean } = {}): RagSource[] {
  return sources.filter((source) => sourceLink(source.url) !== null || (options.viewer === true && source.chunkId !== undefined));
}

/** The element id of a source in the list under its answer: a citation jumps there. */
export function sourceElementId(messageId: string, noteNumber: number): string {
  return `fonte-${messageId.replace(/[^\w-]/g, "_")}-${noteNumber}`;
}
