// How far reading one document may go (issue 33: a ~200 KB PDF whose 1,000 pages share one
// content stream reads as tens of millions of characters and took the server down). A document
// is read in a worker (document-reader.ts) bounded in time, memory and text; past any bound it is
// refused, named, and nothing of it is stored.

export const READING_LIMITS = {
  /** A document's reading text: about 1,300 dense pages, a long book. */
  maxCharactersPerDocument: 4_000_000,
  /** All the documents one indexing request reads together. */
  maxCharactersPerRequest: 20_000_000,
  /** Time for reading one document (a real 5,000-page PDF reads in about a minute here). */
  deadlineMs: 120_000,
  /** The reading worker's JavaScript heap. */
  memoryMb: 1024,
} as const;

/** A document whose text passed the characters it was allowed. */
export class DocumentTooLongError extends Error {
  override name = "DocumentTooLongError";
  constructor(readonly maxCharacters: number) {
    super(`more than ${maxCharacters} characters`);
  }
}
