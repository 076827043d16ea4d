import { citationNumbersIn, sourceOfCitation, withSingleWarning, type CitedPassage } from "@oystar/api-client";
import { sourceLink } from "@oystar/conversation";

// spec 001 §2, §5: citations in a RAG answer and the sources they name (the grammar is
// api-client's, shared with the server).

export { sourceOfCitation, withSingleWarning };

/** Every citation number in an answer, in order of first appearance. */
export const citationNumbers = (text: string): number[] => [...new Set(citationNumbersIn(text))];

/** The note numbers an answer cites (chunk ids resolved to the note of their passage). */
export function citedNoteNumbers(text: string, sources: readonly CitedPassage[]): Set<number> {
  const cited = new Set<number>();
  for (const citation of citationNumbers(text)) {
    const source = sourceOfCitation(citation, sources);
    if (source) cited.add(source.noteNumber);
  }
  return cited;
}

/**
 * spec 001 §5: "Sources are shown only when the URL begins with http" — the others (a file
 * indexed without an address, a relative path) are not listed, and their citations lead nowhere.
 * Where the screen has the source viewer (issue 25) a passage of the index opens in it, address
 * or not: then a source is shown when it has either.
 */
export function shownSources(sources: readonly CitedPassage[], options: { viewer?: boolean } = {}): CitedPassage[] {
  return sources.filter((source) => sourceLink(source.url) !== null || options.viewer === true);
}

/** The element id of a source in the list under its answer: a citation jumps there. */
export function sourceElementId(messageId: string, noteNumber: number): string {
  return `fonte-${messageId.replace(/[^\w-]/g, "_")}-${noteNumber}`;
}
