import { z } from "./zod";

// Issue 48, the firm's own library ('I miei documenti'): a Business or Enterprise customer's
// indexes, the documents it uploads into them with each one's status, and the websites it keeps
// in sync. The server answers with these; the page reads them.

/** A label a customer gives an index: what it reads on the page (the index's name is made from it). */
export const LIBRARY_INDEX_LABEL_MAX = 80;

/** POST /api/rag/indexes: a new index, by the label its owner gives it. */
export const libraryIndexCreateSchema = z.strictObject({
  label: z
    .string({ error: "Il nome dell'indice deve essere un testo" })
    .trim()
    .min(1, "Scrivi un nome per l'indice")
    .max(LIBRARY_INDEX_LABEL_MAX, `Il nome dell'indice può avere al massimo ${LIBRARY_INDEX_LABEL_MAX} caratteri`),
});
export type LibraryIndexCreate = z.infer<typeof libraryIndexCreateSchema>;

/** One of the customer's indexes: its name (in addresses and RAG requests), its label, its documents and the space they take. */
export const libraryIndexSchema = z.object({
  name: z.string(),
  label: z.string(),
  documents: z.number().int(),
  bytes: z.number(),
});
export type LibraryIndex = z.infer<typeof libraryIndexSchema>;

/**
 * GET /api/rag/indexes: the customer's indexes, and what the plan allows (spec 001 §9: Business
 * 3 indexes and 100 MB in all; -1 indexes: as many as wanted) beside what is used.
 */
export const libraryIndexesSchema = z.object({
  indexes: z.array(libraryIndexSchema),
  limits: z.object({ indexes: z.number().int(), bytes: z.number() }),
  used: z.object({ indexes: z.number().int(), bytes: z.number() }),
});
export type LibraryIndexes = z.infer<typeof libraryIndexesSchema>;

/** Where a document stands: waiting its turn, being read (OCR's page of a scan), in the index, or refused with its reason. */
export const LIBRARY_DOCUMENT_STATES = ["queued", "reading", "indexed", "refused"] as const;
export type LibraryDocumentState = (typeof LIBRARY_DOCUMENT_STATES)[number];

/**
 * A document of an index as its owner sees it: its path (a folder's sub-folders kept), the size of
 * the file sent, its format (the extension), its state. `ocr`: the scanned page being read, of the
 * document's scanned pages. Once indexed: its passages, whether OCR read it (`scanned`), and its
 * first passage (the source viewer opens there). `site`: the website it is a page of, if any.
 */
export const libraryDocumentSchema = z.object({
  id: z.string(),
  path: z.string(),
  size: z.number(),
  format: z.string(),
  state: z.enum(LIBRARY_DOCUMENT_STATES),
  ocr: z.object({ page: z.number().int(), pages: z.number().int() }).nullable(),
  passages: z.number().int().nullable(),
  scanned: z.boolean(),
  reason: z.string().nullable(),
  first_passage: z.string().nullable(),
  url: z.string().nullable(),
  site: z.string().nullable(),
});
export type LibraryDocument = z.infer<typeof libraryDocumentSchema>;

/** What changed at a website's last reading. */
export const siteChangesSchema = z.object({ added: z.number().int(), changed: z.number().int(), removed: z.number().int() });
export type SiteChanges = z.infer<typeof siteChangesSchema>;

/**
 * A website kept in sync: its address, whether it is being read, when it was last read and what
 * changed then, its pages in the index, and why its last reading failed, if it did.
 */
export const librarySiteSchema = z.object({
  id: z.string(),
  url: z.string(),
  state: z.enum(["waiting", "reading", "done", "failed"]),
  pages: z.number().int(),
  last_read_at: z.string().nullable(),
  changes: siteChangesSchema.nullable(),
  error: z.string().nullable(),
});
export type LibrarySite = z.infer<typeof librarySiteSchema>;

/** GET /api/rag/indexes/:name/documents: the index, every document of it, and its websites. */
export const libraryDocumentsSchema = z.object({
  index: libraryIndexSchema,
  documents: z.array(libraryDocumentSchema),
  sites: z.array(librarySiteSchema),
});
export type LibraryDocuments = z.infer<typeof libraryDocumentsSchema>;

/**
 * POST /api/rag/indexes/:name/documents (multipart, one or more files; each part's file name is
 * its path) and PUT …/documents/:id (one file, a new version): each file answered with its
 * document's id and state — `queued`, or `refused` with its reason (its format, the plan's space).
 */
export const libraryUploadSchema = z.object({
  documents: z.array(z.object({ id: z.string(), path: z.string(), state: z.enum(LIBRARY_DOCUMENT_STATES), reason: z.string().nullable() })),
});
export type LibraryUpload = z.infer<typeof libraryUploadSchema>;

/** POST /api/rag/indexes/:name/sites: a website to read and keep in sync, by its address. */
export const librarySiteCreateSchema = z.strictObject({
  url: z
    .string({ error: "L'indirizzo del sito deve essere un testo" })
    .trim()
    .min(1, "Scrivi l'indirizzo del sito")
    .max(2000, "Indirizzo troppo lungo")
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === "http:" || url.protocol === "https:";
      } catch {
        return false;
      }
    }, "Indirizzo non valido: scrivilo intero, per esempio https://www.studiorossi.it"),
});
export type LibrarySiteCreate = z.infer<typeof librarySiteCreateSchema>;
