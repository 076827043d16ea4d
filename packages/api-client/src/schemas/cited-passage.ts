import { z } from "./zod";

// Issue 38 §1: one contract for a passage that a text cites — a RAG answer's sources
// (`sources` events of /api/ask-stream) and a debate turn's passages (`event: debate-passages`)
// alike. The server makes it with one mapper from a retrieved passage (apps/api
// rag/answer/cited-passage.ts); every field it always knows is required, so the browser reads it
// as it comes and the source viewer opens it the same way from both screens.

/**
 * Whether the text relies on the passage, as the server checked it after the text was written;
 * null where nothing was checked yet (the list before a RAG answer, a debate turn's passages).
 */
export const passageSupportSchema = z.strictObject({
  /** The text cites this passage (a RAG document's passages share its number: not all are cited). */
  cited: z.boolean(),
  /** 0–1, a checked citation: how well the passage supports the sentences citing it times how fully it answers the question. */
  confidence: z.number().nullable(),
  /**
   * Issue 52 §3, the passage's own figures apart (absent from answers kept before): 0–1, its
   * retrieval score against the best passage the search found for the question…
   */
  retrieval: z.number().nullable().optional(),
  /** …and 0–1, how well it supports the sentences that cite it (null: not cited, or not checked). */
  backing: z.number().nullable().optional(),
});
export type PassageSupport = z.infer<typeof passageSupportSchema>;

export const citedPassageSchema = z.strictObject({
  /**
   * The number the text cites it by, `[n]` (spec 001 §3 "noteNumber"). A RAG answer numbers its
   * DOCUMENTS — the passages of one share its number (issue 23 §5); a debate turn numbers the
   * passages it was given, one each (issue 26 §2).
   */
  noteNumber: z.number().int().min(1),
  /** The passage's id in the index: the source viewer loads it by it; a RAG citation above 100 names it (spec 001 §5). */
  chunkId: z.string().min(1),
  /** Its document, as a key the passages of one document share: the viewer steps through them. */
  document: z.string(),
  title: z.string(),
  filename: z.string(),
  /** The document's address as its index's owner gave it; null when none (only an http(s) one is ever a link). */
  url: z.string().nullable(),
  /** A PDF's page; null for documents without pages. */
  page: z.number().int().nullable(),
  /** Issue 34: where a presentation's or workbook's passage stands, in place of a page («Diapositiva 3»). */
  place: z.string().nullable(),
  /** The passage's opening, to recognise it under its document. */
  excerpt: z.string(),
  /**
   * Issue 49 §4: a passage of an article-structured act, as lawyers cite it — «Art. 21, comma 2 —
   * Costituzione», «Art. 2-septies — D.Lgs. 196/2003»; absent for any other passage.
   */
  reference: z.string().optional(),
  support: passageSupportSchema.nullable(),
});
export type CitedPassage = z.infer<typeof citedPassageSchema>;
