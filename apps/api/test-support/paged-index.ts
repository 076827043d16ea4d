import { COPY_PAGE, type DocumentInput } from "../src/rag";

// An index of several pages of the process's in-memory copy (bm25-memory.ts reads COPY_PAGE
// passages a query): one short document per passage, each passage holding one word that no other
// passage holds (its marker), so a search for that word has exactly one right answer (issue 32).

/** More passages than three pages of the copy, and not a whole number of pages. */
export const PAGED_PASSAGES = 3 * COPY_PAGE + 137;

const CONSONANTS = "bcdfghlmnprstvz";

/**
 * Passage `number`'s marker: «q», four consonants, «x» — six letters, so its prefix stem (the
 * first six letters) is as unique as the word, and without vowels Italian stemming leaves it whole.
 */
export function markerWord(number: number): string {
  let letters = "";
  for (let value = number, place = 0; place < 4; place += 1, value = Math.floor(value / CONSONANTS.length))
    letters += CONSONANTS[value % CONSONANTS.length];
  return `q${letters}x`;
}

export const pagedFilename = (number: number) => `fascicolo-${String(number).padStart(5, "0")}.md`;

/** Passage `number` as a Markdown file: common words every passage shares, and its marker. */
export function pagedDocument(number: number): string {
  return `---\ntitle: Fascicolo ${number + 1}\n---\n\nIl fascicolo riporta la sigla ${markerWord(number)}: la pratica è archiviata nello scaffale ${(number % 40) + 1} dell'archivio comunale.\n`;
}

/** The question whose only right answer is passage `number`. */
export const pagedQuestion = (number: number) => `In quale fascicolo è riportata la sigla ${markerWord(number)}?`;

/** The documents as ingestion stores them (storeDocuments), for tests that fill an index directly. */
export function pagedDocumentInputs(count = PAGED_PASSAGES): DocumentInput[] {
  return Array.from({ length: count }, (_, number) => {
    const text = pagedDocument(number).replace(/^---[\s\S]*?---\n\n/, "");
    return {
      filename: pagedFilename(number),
      title: `Fascicolo ${number + 1}`,
      url: null,
      text,
      bytes: text.length,
      contentHash: `paged-${number}`,
    };
  });
}
