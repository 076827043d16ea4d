// How far reading one document may go (issue 33: a ~200 KB PDF whose 1,000 pages share one
// content stream reads as tens of millions of characters and took the server down; issue 47: a
// 244 KB scan declaring one 16000 × 16000 picture held 3.3 GB, outside the heap's cap, and a
// deadline restarted at every page). A document is read in a reading process (document-reader.ts)
// bounded in time, memory and text; past any bound it is refused, named, and nothing of it is stored.

export const READING_LIMITS = {
  /** A document's reading text: about 1,300 dense pages, a long book. */
  maxCharactersPerDocument: 4_000_000,
  /** All the documents one indexing request reads together. */
  maxCharactersPerRequest: 20_000_000,
  /** Time for reading one document (a real 5,000-page PDF reads in about a minute here). */
  deadlineMs: 120_000,
  /**
   * And for each scanned page OCR reads, added once when the scan's page count is known (~2–3 s a
   * page here, pdf-text.ts's MAX_OCR_PAGES at most): 100 pages may take 120 + 500 s, never more.
   */
  ocrPageMs: 5_000,
  /** The reading process's JavaScript heap. */
  memoryMb: 1024,
  /**
   * Its whole memory, native included (decoded pictures, canvases, OCR's model), measured from the
   * server: the heap above, OCR's ~150 MB and a page drawn at 3,500 px with its picture decoded.
   */
  residentMb: 1536,
} as const;

/** A document whose text passed the characters it was allowed. */
export class DocumentTooLongError extends Error {
  override name = "DocumentTooLongError";
  constructor(readonly maxCharacters: number) {
    super(`more than ${maxCharacters} characters`);
  }
}
