import type { PlanId } from "@oystar/api-client";
import { planById } from "@oystar/plans-and-gates";
import { createHash } from "node:crypto";
import type { Database, Queryable } from "../../db/database";
import { DocumentReadingError, sharedDocumentReader, type DocumentReader, type OcrProgress } from "./document-reader";
import type { Attachment } from "./formats/email-text";
import type { OcrPage, OcrReport } from "./pdf-text";
import { DocumentTooLongError, READING_LIMITS } from "./reading-limits";
import type { Embedder } from "../embedder";
import { vectorLiteral } from "../embedder";
import { documentByFilename, type RagIndex } from "../rag-store";
import { ragMessages } from "../messages";
import { chunkedReading, chunksOf, type ChunkedReading } from "./chunked-reading";
import { passageReferences } from "../references/document-structure";
import type { Chunk } from "./text-chunking";
import { ragIngestionSeconds } from "../../observe/metrics";
import { required } from "../../required";

// Ingestion (DESIGN.md §8): a file's text → chunks → full-text vector, BM25 statistics and
// embedding, written in ONE transaction: re-ingesting a file replaces it whole, or not at all.
// For the source viewer (issue 25) it also keeps the document's reading text, each chunk's place
// in it, and a PDF's original.

/**
 * `characters`: the length of the text read (0 when the file was unchanged and not read again).
 * `attachments`: an e-mail's attached files, each indexed as a document of its own (issue 34).
 */
export type IngestResult = {
  filename: string;
  status: "added" | "replaced" | "unchanged";
  chunks: number;
  characters: number;
  attachments?: IngestOutcome[];
  /** What OCR read of a scanned PDF (issue 34). */
  ocr?: OcrReport;
};
export type IngestOutcome = IngestResult | { filename: string; error: Error };

/** An attachment's file name in its index: under its e-mail's, so that it goes when the e-mail goes. */
export const attachmentFilename = (emailFilename: string, attachment: string) => `${emailFilename}/${attachment}`;

export type IngestOptions = {
  embedder: Embedder;
  /** False on a PostgreSQL without pgvector: no embeddings are computed or stored. */
  vectors: boolean;
  signal?: AbortSignal;
  /** Where files are read (issue 33: never on the server's thread); the process's shared reader by default. */
  reader?: DocumentReader;
  /** What is left of an indexing request's text (READING_LIMITS.maxCharactersPerRequest), when there is one. */
  charactersLeft?: number;
  /** False for an attachment: an attached e-mail's own attachments are named in its text, not indexed. */
  withAttachments?: boolean;
  /** A scanned PDF's pages as OCR reads them (issue 34: the admin's «OCR: pagina 12 di 40»). */
  onOcrPage?: OcrProgress;
};

export class StorageLimitError extends Error {
  override name = "StorageLimitError";
}

/**
 * Passages per INSERT: one statement of 200 took up to half a second of the server's thread on a
 * loaded machine (PGlite computes their full-text vectors in it); 100 keep each well under the
 * second the server may spend without answering others (issue 54 §6).
 */
const INSERT_BATCH = 100;

/** BM25's length of a tsvector `v.x`: its words counted with repetition (to close with `AS l)`). */
const POSITIONS_IN = "coalesce(sum(coalesce(array_length(l.positions, 1), 1)), 0) FROM unnest(";

const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Reads, chunks and stores one file (its bytes) under `filename` in `index`. */
export async function ingestFile(
  db: Database,
  index: RagIndex,
  file: { filename: string; bytes: Uint8Array; sourceUrl?: string | null },
  options: IngestOptions,
): Promise<IngestResult> {
  const read = await readForStoring(db, index, file, options);
  if ("status" in read) return read;
  const stored = await storeDocument(db, index, read, options);
  return withAttachments(db, index, read, stored, options);
}

/**
 * The first half of `ingestFile`: a file read for storing, or "unchanged" when its index already
 * holds the same bytes (then nothing is read). The library reads its uploads this way, side by
 * side, and stores what is read together (`storeReadDocuments`).
 */
export async function readForStoring(
  db: Database,
  index: RagIndex,
  file: { filename: string; bytes: Uint8Array; sourceUrl?: string | null },
  options: IngestOptions,
): Promise<DocumentInput | IngestResult> {
  const contentHash = hashOf(file.bytes);
  const existing = await documentByFilename(db, index.id, file.filename);
  // A document indexed before the source viewer is read again: its passages get their places.
  if (existing?.contentHash === contentHash && existing.viewable)
    return { filename: file.filename, status: "unchanged", chunks: 0, characters: 0 };
  return documentInput(file, contentHash, options);
}

/**
 * The second half: documents already read (distinct file names) stored in one transaction — a
 * few statements for all of them instead of a dozen each — then an e-mail's attachments. If one
 * of them spoils the batch (past the plan's space, say), each is stored on its own, so only that
 * one fails. Each document's outcome, in order.
 */
export async function storeReadDocuments(
  db: Database,
  index: RagIndex,
  documents: readonly DocumentInput[],
  options: IngestOptions,
): Promise<IngestOutcome[]> {
  let results: IngestOutcome[];
  try {
    results = await storeDocuments(db, index, documents, options);
  } catch {
    results = [];
    for (const document of documents) {
      results.push(
        await storeDocument(db, index, document, options).catch((error: unknown) => ({
          filename: document.filename,
          error: error as Error,
        })),
      );
    }
  }
  const outcomes: IngestOutcome[] = [];
  for (const [position, document] of documents.entries()) {
    const stored = required(results[position], `the result for ${document.filename}`);
    outcomes.push("error" in stored ? stored : await withAttachments(db, index, document, stored, options));
  }
  return outcomes;
}

/** An e-mail's attachments indexed after it, as documents of their own, in place of those of its previous version. */
async function withAttachments(
  db: Database,
  index: RagIndex,
  document: DocumentInput,
  stored: IngestResult,
  options: IngestOptions,
): Promise<IngestResult> {
  // Only an e-mail has attachments (an empty list when it has none): other documents cost nothing here.
  if (!document.attachments) return stored;
  await removeDocuments(db, index, `${document.filename}/`);
  if (options.withAttachments === false) return stored;
  let charactersLeft = (options.charactersLeft ?? Number.POSITIVE_INFINITY) - stored.characters;
  const attachments: IngestOutcome[] = [];
  for (const attachment of document.attachments) {
    const filename = attachmentFilename(document.filename, attachment.filename);
    const outcome = await ingestFile(
      db,
      index,
      { filename, bytes: attachment.bytes },
      { ...options, charactersLeft, withAttachments: false },
    ).catch((error: unknown) => ({ filename, error: error as Error }));
    if ("characters" in outcome) charactersLeft -= outcome.characters;
    attachments.push(outcome);
  }
  return { ...stored, attachments };
}

/** `ingestFile` for many files (`pnpm rag ingest`): unchanged ones skipped by their hash, the others stored together. */
export async function ingestFiles(
  db: Database,
  index: RagIndex,
  files: ReadonlyArray<{ filename: string; bytes: Uint8Array }>,
  options: IngestOptions,
): Promise<Array<IngestResult | { filename: string; error: Error }>> {
  const hashes = files.map((file) => hashOf(file.bytes));
  // Unchanged: the same bytes, already with their places for the source viewer.
  const stored = await db.query<{ filename: string; content_hash: string }>(
    `SELECT d.filename, d.content_hash FROM rag_documents d
     WHERE d.index_id = $1 AND d.filename = ANY($2::text[]) AND EXISTS (SELECT 1 FROM rag_document_texts t WHERE t.document_id = d.id)`,
    [index.id, files.map((file) => file.filename)],
  );
  const unchanged = new Set(
    stored
      .filter((row) => hashes[files.findIndex((file) => file.filename === row.filename)] === row.content_hash)
      .map((row) => row.filename),
  );
  const results = new Map<string, IngestResult | { filename: string; error: Error }>();
  const documents: DocumentInput[] = [];
  // Read side by side (issue 34 §2): the reader's processes, one per core, take them in turn.
  const reads = files.map((file, position) =>
    unchanged.has(file.filename)
      ? null
      : documentInput(file, required(hashes[position], `the hash of ${file.filename}`), options).then(
          (document) => ({ document }),
          (error: unknown) => ({ error: error as Error }),
        ),
  );
  for (const [position, file] of files.entries()) {
    const read = await reads[position];
    if (!read) results.set(file.filename, { filename: file.filename, status: "unchanged", chunks: 0, characters: 0 });
    else if ("error" in read) results.set(file.filename, { filename: file.filename, error: read.error });
    else documents.push(read.document);
  }
  for (const outcome of await storeReadDocuments(db, index, documents, options)) results.set(outcome.filename, outcome);
  return files.map((file) => required(results.get(file.filename), `the result for ${file.filename}`));
}

export type DocumentInput = {
  filename: string;
  title: string;
  url: string | null;
  text: string;
  /** What the document takes of its owner's storage: its text and its original, as kept (not the file's size). */
  bytes: number;
  contentHash: string;
  /** The file itself, where the viewer shows it as it is (a PDF, page by page). */
  original?: { mediaType: string; bytes: Uint8Array; pages: number };
  /** An e-mail's attachments (an empty list for an e-mail without); undefined for any other document. */
  attachments?: Attachment[];
  ocr?: OcrReport;
  /** A scanned PDF's pages OCR read, with its words' boxes (the viewer's highlight). */
  ocrPages?: OcrPage[];
  /** Its reading text and chunks, as the reading process made them (issue 54 §1). */
  chunked?: ChunkedReading;
};

/** A file read for storing, timed for the operator (issue 37 §5). */
async function documentInput(
  file: { filename: string; bytes: Uint8Array; sourceUrl?: string | null },
  contentHash: string,
  options: IngestOptions,
): Promise<DocumentInput> {
  const done = ragIngestionSeconds.startTimer({ stage: "read" });
  try {
    return await readDocumentInput(file, contentHash, options);
  } finally {
    done();
  }
}

/** A file read for storing (by the reading processes, within the document's and the request's text): its text, and a PDF's original. */
async function readDocumentInput(
  file: { filename: string; bytes: Uint8Array; sourceUrl?: string | null },
  contentHash: string,
  options: IngestOptions,
): Promise<DocumentInput> {
  const perRequest = options.charactersLeft ?? Number.POSITIVE_INFINITY;
  const maxCharacters = Math.max(0, Math.min(READING_LIMITS.maxCharactersPerDocument, perRequest));
  const read = await (options.reader ?? sharedDocumentReader()).read(file, maxCharacters, options.onOcrPage).catch((error: unknown) => {
    if (!(error instanceof DocumentTooLongError)) throw error;
    throw new DocumentReadingError(
      perRequest < READING_LIMITS.maxCharactersPerDocument
        ? ragMessages.documents.requestTooLong(file.filename, READING_LIMITS.maxCharactersPerRequest)
        : ragMessages.documents.tooLong(file.filename, READING_LIMITS.maxCharactersPerDocument),
    );
  });
  const { url, pages, attachments, ocr, ocrPages, chunked } = read;
  const original = pages !== undefined ? { mediaType: "application/pdf", bytes: file.bytes, pages } : undefined;
  // Postgres text cannot hold U+0000, and some PDFs' text layers (and stray files) carry it: in the
  // text each becomes a space, so every place after it (passages, the viewer's offsets) stays put.
  const text = read.text.replaceAll("\u0000", " ");
  const title = read.title.replaceAll("\u0000", "");
  return {
    filename: file.filename,
    title,
    url,
    text,
    bytes: Buffer.byteLength(text) + (original?.bytes.byteLength ?? 0),
    contentHash,
    original,
    attachments,
    ocr,
    ocrPages,
    ...(chunked ? { chunked } : {}),
  };
}

export async function storeDocument(db: Database, index: RagIndex, document: DocumentInput, options: IngestOptions): Promise<IngestResult> {
  return required((await storeDocuments(db, index, [document], options))[0], `the result for ${document.filename}`);
}

/**
 * Stores documents (distinct file names) in ONE transaction: all of them, or none. A bulk load
 * (`pnpm rag ingest`) passes them by the hundred: a few statements per batch instead of a dozen
 * per document, and the BM25 statistics merged once.
 */
export async function storeDocuments(
  db: Database,
  index: RagIndex,
  documents: readonly DocumentInput[],
  options: IngestOptions,
): Promise<IngestResult[]> {
  const done = ragIngestionSeconds.startTimer({ stage: "store" });
  try {
    return await storeDocumentsTogether(db, index, documents, options);
  } finally {
    done();
  }
}

async function storeDocumentsTogether(
  db: Database,
  index: RagIndex,
  documents: readonly DocumentInput[],
  options: IngestOptions,
): Promise<IngestResult[]> {
  const chunked = documents.map((document) => {
    // Chunked by the reading process that read it (issue 54 §1); here only for a document made otherwise.
    const { reading, places, act } = document.chunked ?? chunkedReading(document.text);
    const references = passageReferences({ ...document, act: act ?? null }, places);
    return {
      document,
      reading,
      chunks: chunksOf({ reading, places }).map((chunk, at) => ({
        ...chunk,
        reference: required(references[at], "a passage's reference"),
      })),
    };
  });
  // Places in the reading text, counted in characters (code points) as the viewer counts them.
  const all = chunked.flatMap(({ document, chunks }) =>
    chunks.map((chunk) => ({ document, chunk, start: chunk.codeStart, end: chunk.codeEnd })),
  );
  // Embeddings are computed before the transaction: a remote model must not hold it open.
  const vectors =
    options.vectors && all.length > 0
      ? await options.embedder.embed(
          all.map(({ document, chunk }) => embeddingText(document.title, chunk)),
          options.signal,
        )
      : null;
  return db.transaction(async (tx) => {
    // One ingestion at a time per index: the statistics below are read-modify-write.
    await tx.query("SELECT id FROM rag_indexes WHERE id = $1 FOR UPDATE", [index.id]);
    const previous = await tx.query<{ id: string; filename: string; bytes: string }>(
      "SELECT id::text, filename, bytes::text FROM rag_documents WHERE index_id = $1 AND filename = ANY($2::text[])",
      [index.id, documents.map((document) => document.filename)],
    );
    const incoming = documents.reduce((sum, document) => sum + document.bytes, 0);
    if (index.ownerId) await checkStorage(tx, index.ownerId, incoming - previous.reduce((sum, row) => sum + Number(row.bytes), 0));
    for (const row of previous) await removeDocument(tx, index.id, row.id);
    const created = await tx.query<{ id: string; filename: string }>(
      `INSERT INTO rag_documents (index_id, filename, title, url, bytes, content_hash)
       SELECT $1, u.filename, u.title, u.url, u.bytes, u.content_hash
       FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[]) WITH ORDINALITY AS u(filename, title, url, bytes, content_hash, position)
       ORDER BY u.position RETURNING id::text, filename`,
      [
        index.id,
        ...(["filename", "title", "url", "bytes", "contentHash"] as const).map((field) => documents.map((document) => document[field])),
      ],
    );
    const documentIds = new Map(created.map((row) => [row.filename, row.id]));
    for (const { document, reading } of chunked) {
      const documentId = documentIds.get(document.filename);
      await tx.query("INSERT INTO rag_document_texts (document_id, text, pages) VALUES ($1, $2, $3)", [
        documentId,
        reading,
        document.original?.pages ?? null,
      ]);
      if (document.original) {
        await tx.query("INSERT INTO rag_originals (document_id, media_type, bytes) VALUES ($1, $2, $3)", [
          documentId,
          document.original.mediaType,
          document.original.bytes,
        ]);
      }
      for (const { page, words } of document.ocrPages ?? []) {
        const stored = words.map((word) => [word.text, word.left, word.top, word.width, word.height]);
        await tx.query("INSERT INTO rag_ocr_pages (document_id, page, words) VALUES ($1, $2, $3)", [
          documentId,
          page,
          JSON.stringify(stored),
        ]);
      }
    }
    let lexemes = 0;
    let stems = 0;
    for (let start = 0; start < all.length; start += INSERT_BATCH) {
      await answerWhatWaits();
      const batch = all.slice(start, start + INSERT_BATCH);
      const of = <T>(pick: (entry: (typeof batch)[number]) => T) => batch.map(pick);
      // The title is indexed with every chunk: a passage about «la limonaia» is found by the
      // name of the garden it belongs to.
      const rows = await tx.query<{ lexeme_count: number; stem_count: number }>(
        `INSERT INTO rag_chunks (document_id, index_id, ordinal, page, text, tsv, lexeme_count, stems, stem_count, start_offset, end_offset, act, article, commas)
         SELECT u.document_id, $1, u.ordinal, u.page, u.text, v.tsv, (SELECT ${POSITIONS_IN} v.tsv) AS l), v.stems, (SELECT ${POSITIONS_IN} v.stems) AS l),
                u.start_offset, u.end_offset, u.act, u.article, CASE WHEN u.commas = '' THEN NULL ELSE string_to_array(u.commas, ',') END
         FROM unnest($2::bigint[], $3::int[], $4::int[], $5::text[], $6::text[], $7::int[], $8::int[], $9::text[], $10::text[], $11::text[]) WITH ORDINALITY
           AS u(document_id, ordinal, page, text, title, start_offset, end_offset, act, article, commas, position)
         CROSS JOIN LATERAL (SELECT to_tsvector('italian', u.title) || to_tsvector('italian', u.text) AS tsv, rag_prefix_stems(u.title || ' ' || u.text) AS stems) AS v
         ORDER BY u.position
         RETURNING lexeme_count, stem_count`,
        [
          index.id,
          of(({ document }) => documentIds.get(document.filename)),
          of(({ chunk }) => chunk.ordinal),
          of(({ chunk }) => chunk.page),
          of(({ chunk }) => chunk.text),
          of(({ document }) => document.title),
          of(({ start }) => start),
          of(({ end }) => end),
          of(({ chunk }) => chunk.reference.act),
          of(({ chunk }) => chunk.reference.article),
          of(({ chunk }) => chunk.reference.commas.join(",")),
        ],
      );
      lexemes += rows.reduce((sum, row) => sum + row.lexeme_count, 0);
      stems += rows.reduce((sum, row) => sum + row.stem_count, 0);
      if (vectors) {
        await answerWhatWaits();
        await tx.query(
          `INSERT INTO rag_chunk_vectors (chunk_id, index_id, embedder, embedding)
           SELECT c.id, $2, $3, u.embedding::vector
           FROM unnest($1::bigint[], $4::int[], $5::text[]) AS u(document_id, ordinal, embedding)
           JOIN rag_chunks c ON c.document_id = u.document_id AND c.ordinal = u.ordinal`,
          [
            of(({ document }) => documentIds.get(document.filename)),
            index.id,
            options.embedder.name,
            of(({ chunk }) => chunk.ordinal),
            batch.map((_, offset) => vectorLiteral(required(vectors[start + offset], "a passage's vector"))),
          ],
        );
      }
    }
    await answerWhatWaits();
    // BM25's document frequencies: each lexeme (and each stem) counts once per chunk that has it.
    // ts_stat reads a query's text: the ids are numbers of ours.
    const ofDocuments = `WHERE document_id = ANY('{${created.map((row) => Number(row.id)).join(",")}}'::bigint[])`;
    await tx.query(
      `INSERT INTO rag_terms (index_id, lexeme, df)
       SELECT $1, word, ndoc FROM ts_stat($2)
       ON CONFLICT (index_id, lexeme) DO UPDATE SET df = rag_terms.df + EXCLUDED.df`,
      [index.id, `SELECT tsv FROM rag_chunks ${ofDocuments}`],
    );
    await tx.query(
      `INSERT INTO rag_stem_terms (index_id, stem, df)
       SELECT $1, word, ndoc FROM ts_stat($2)
       ON CONFLICT (index_id, stem) DO UPDATE SET df = rag_stem_terms.df + EXCLUDED.df`,
      [index.id, `SELECT stems FROM rag_chunks ${ofDocuments}`],
    );
    await tx.query(
      `UPDATE rag_indexes SET chunk_count = chunk_count + $2, lexeme_total = lexeme_total + $3, stem_total = stem_total + $5, bytes = bytes + $4,
         version = version + 1, updated_at = now() WHERE id = $1`,
      [index.id, all.length, lexemes, incoming, stems],
    );
    const replaced = new Set(previous.map((row) => row.filename));
    return chunked.map(({ document, chunks }) => ({
      filename: document.filename,
      status: replaced.has(document.filename) ? ("replaced" as const) : ("added" as const),
      chunks: chunks.length,
      characters: document.text.length,
      ...(document.ocr ? { ocr: document.ocr } : {}),
    }));
  });
}

/**
 * PGlite runs on this thread, and its answers can come back without the event loop turning: a
 * document of thousands of passages held every other request for seconds (issue 54 §6). Between
 * the steps of a long write, the server answers what waits.
 */
const answerWhatWaits = () => new Promise((resolve) => setImmediate(resolve));

/** What is embedded for a chunk: its document's title and its text. */
export const embeddingText = (title: string, chunk: Pick<Chunk, "text">) => `${title}\n${chunk.text}`;

/** Removes one document from an index (its chunks, vectors and statistics with it, and an e-mail's attachments). */
export async function deleteDocument(db: Database, index: RagIndex, filename: string): Promise<boolean> {
  const removed = await removeDocuments(db, index, filename);
  if (removed > 0) await removeDocuments(db, index, `${filename}/`);
  return removed > 0;
}

/** Removes the document `filename`, or with a trailing «/» the documents under it (an e-mail's attachments); how many went. */
async function removeDocuments(db: Database, index: RagIndex, filename: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT id FROM rag_indexes WHERE id = $1 FOR UPDATE", [index.id]);
    const under = filename.endsWith("/");
    const documents = await tx.query<{ id: string }>(
      `SELECT id::text FROM rag_documents WHERE index_id = $1 AND ${under ? "left(filename, length($2)) = $2" : "filename = $2"}`,
      [index.id, filename],
    );
    for (const document of documents) await removeDocument(tx, index.id, document.id);
    if (documents.length > 0) await tx.query("UPDATE rag_indexes SET version = version + 1, updated_at = now() WHERE id = $1", [index.id]);
    return documents.length;
  });
}

/** Takes a document out of its index's statistics, then deletes it (its chunks and vectors go with it). */
async function removeDocument(tx: Queryable, indexId: string, documentId: string) {
  const [totals] = await tx.query<{ chunks: string; lexemes: string; stems: string; bytes: string }>(
    `SELECT count(c.id)::text AS chunks, coalesce(sum(c.lexeme_count), 0)::text AS lexemes, coalesce(sum(c.stem_count), 0)::text AS stems, d.bytes::text
     FROM rag_documents d LEFT JOIN rag_chunks c ON c.document_id = d.id WHERE d.id = $1 GROUP BY d.bytes`,
    [documentId],
  );
  await tx.query(
    `UPDATE rag_terms t SET df = t.df - s.ndoc
     FROM ts_stat('SELECT tsv FROM rag_chunks WHERE document_id = ' || $2::bigint) AS s
     WHERE t.index_id = $1 AND t.lexeme = s.word`,
    [indexId, documentId],
  );
  await tx.query("DELETE FROM rag_terms WHERE index_id = $1 AND df <= 0", [indexId]);
  await tx.query(
    `UPDATE rag_stem_terms t SET df = t.df - s.ndoc
     FROM ts_stat('SELECT stems FROM rag_chunks WHERE document_id = ' || $2::bigint) AS s
     WHERE t.index_id = $1 AND t.stem = s.word`,
    [indexId, documentId],
  );
  await tx.query("DELETE FROM rag_stem_terms WHERE index_id = $1 AND df <= 0", [indexId]);
  await tx.query("DELETE FROM rag_documents WHERE id = $1", [documentId]);
  await tx.query(
    "UPDATE rag_indexes SET chunk_count = chunk_count - $2, lexeme_total = lexeme_total - $3, bytes = bytes - $4, stem_total = stem_total - $5 WHERE id = $1",
    [indexId, Number(totals?.chunks ?? 0), Number(totals?.lexemes ?? 0), Number(totals?.bytes ?? 0), Number(totals?.stems ?? 0)],
  );
}

/** spec 001 §9: Business holds up to 100 MB of documents in all; Enterprise per its plan. */
async function checkStorage(tx: Queryable, ownerId: string, addedBytes: number) {
  const [owner] = await tx.query<{ plan: PlanId; used: string }>(
    `SELECT u.plan, (SELECT coalesce(sum(bytes), 0) FROM rag_indexes WHERE owner_id = u.id)::text AS used FROM users u WHERE u.id = $1 FOR UPDATE`,
    [ownerId],
  );
  if (!owner) return;
  const limit = planById(owner.plan).rag_max_bytes;
  if (Number(owner.used) + addedBytes > limit) throw new StorageLimitError(ragMessages.storageLimit(limit));
}

/**
 * After a batch of ingestion: fresh planner statistics (PGlite has no autovacuum, so nobody
 * else would gather them) and the full-text index's pending list merged.
 */
export async function finishIngestion(db: Queryable): Promise<void> {
  await db.exec("ANALYZE rag_chunks; ANALYZE rag_terms; ANALYZE rag_stem_terms; ANALYZE rag_documents;");
  const [vectors] = await db.query<{ present: boolean }>("SELECT to_regclass('rag_chunk_vectors') IS NOT NULL AS present");
  if (vectors?.present) await db.exec("ANALYZE rag_chunk_vectors;");
}
