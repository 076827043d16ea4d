import type { PlanId } from "@oystar/api-client";
import { planById } from "@oystar/plans-and-gates";
import { createHash } from "node:crypto";
import type { Database, Queryable } from "../db/database";
import { documentText } from "./document-text";
import type { Embedder } from "./embedder";
import { vectorLiteral } from "./embedder";
import { documentByFilename, type RagIndex } from "./rag-store";
import { ragMessages } from "./messages";
import { chunkDocument, codePointOffsets, type Chunk } from "./text-chunking";

// Ingestion (DESIGN.md §8): a file's text → chunks → full-text vector, BM25 statistics and
// embedding, written in ONE transaction: re-ingesting a file replaces it whole, or not at all.
// For the source viewer (issue 25) it also keeps the document's reading text, each chunk's place
// in it, and a PDF's original.

export type IngestResult = { filename: string; status: "added" | "replaced" | "unchanged"; chunks: number };

export type IngestOptions = {
  embedder: Embedder;
  /** False on a PostgreSQL without pgvector: no embeddings are computed or stored. */
  vectors: boolean;
  signal?: AbortSignal;
};

export class StorageLimitError extends Error {
  override name = "StorageLimitError";
}

const INSERT_BATCH = 200;

const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Reads, chunks and stores one file (its bytes) under `filename` in `index`. */
export async function ingestFile(
  db: Database,
  index: RagIndex,
  file: { filename: string; bytes: Uint8Array; sourceUrl?: string | null },
  options: IngestOptions,
): Promise<IngestResult> {
  const contentHash = hashOf(file.bytes);
  const existing = await documentByFilename(db, index.id, file.filename);
  // A document indexed before the source viewer is read again: its passages get their places.
  if (existing?.contentHash === contentHash && existing.viewable) return { filename: file.filename, status: "unchanged", chunks: 0 };
  const { title, url, text, pages } = await documentText(file.filename, file.bytes, file.sourceUrl ?? null);
  const original = pages !== undefined ? { mediaType: "application/pdf", bytes: file.bytes, pages } : undefined;
  return storeDocument(db, index, { filename: file.filename, title, url, text, bytes: file.bytes.byteLength, contentHash, original }, options);
}

export type DocumentInput = {
  filename: string;
  title: string;
  url: string | null;
  text: string;
  bytes: number;
  contentHash: string;
  /** The file itself, where the viewer shows it as it is (a PDF, page by page). */
  original?: { mediaType: string; bytes: Uint8Array; pages: number };
};

export async function storeDocument(db: Database, index: RagIndex, document: DocumentInput, options: IngestOptions): Promise<IngestResult> {
  const { text: reading, chunks } = chunkDocument(document.text);
  const starts = codePointOffsets(reading, chunks.map((chunk) => chunk.start));
  const ends = codePointOffsets(reading, chunks.map((chunk) => chunk.end));
  // Embeddings are computed before the transaction: a remote model must not hold it open.
  const vectors = options.vectors && chunks.length > 0 ? await options.embedder.embed(chunks.map((chunk) => embeddingText(document.title, chunk)), options.signal) : null;
  return db.transaction(async (tx) => {
    // One ingestion at a time per index: the statistics below are read-modify-write.
    await tx.query("SELECT id FROM rag_indexes WHERE id = $1 FOR UPDATE", [index.id]);
    const [previous] = await tx.query<{ id: string; bytes: string }>("SELECT id::text, bytes::text FROM rag_documents WHERE index_id = $1 AND filename = $2", [
      index.id,
      document.filename,
    ]);
    if (index.ownerId) await checkStorage(tx, index.ownerId, document.bytes - Number(previous?.bytes ?? 0));
    if (previous) await removeDocument(tx, index.id, previous.id);
    const [created] = await tx.query<{ id: string }>(
      "INSERT INTO rag_documents (index_id, filename, title, url, bytes, content_hash) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text",
      [index.id, document.filename, document.title, document.url, document.bytes, document.contentHash],
    );
    const documentId = created?.id ?? "";
    await tx.query("INSERT INTO rag_document_texts (document_id, text, pages) VALUES ($1, $2, $3)", [documentId, reading, document.original?.pages ?? null]);
    if (document.original) {
      await tx.query("INSERT INTO rag_originals (document_id, media_type, bytes) VALUES ($1, $2, $3)", [documentId, document.original.mediaType, document.original.bytes]);
    }
    let lexemes = 0;
    for (let start = 0; start < chunks.length; start += INSERT_BATCH) {
      const batch = chunks.slice(start, start + INSERT_BATCH);
      // The title is indexed with every chunk: a passage about «la limonaia» is found by the
      // name of the garden it belongs to.
      const rows = await tx.query<{ id: string; lexeme_count: number }>(
        `INSERT INTO rag_chunks (document_id, index_id, ordinal, page, text, tsv, lexeme_count, start_offset, end_offset)
         SELECT $1, $2, u.ordinal, u.page, u.text, v.tsv,
                (SELECT coalesce(sum(coalesce(array_length(l.positions, 1), 1)), 0) FROM unnest(v.tsv) AS l), u.start_offset, u.end_offset
         FROM unnest($3::int[], $4::int[], $5::text[], $7::int[], $8::int[]) AS u(ordinal, page, text, start_offset, end_offset)
         CROSS JOIN LATERAL (SELECT to_tsvector('italian', $6) || to_tsvector('italian', u.text) AS tsv) AS v
         ORDER BY u.ordinal
         RETURNING id::text, lexeme_count`,
        [
          documentId,
          index.id,
          batch.map((chunk) => chunk.ordinal),
          batch.map((chunk) => chunk.page),
          batch.map((chunk) => chunk.text),
          document.title,
          batch.map((chunk) => starts[chunk.ordinal]),
          batch.map((chunk) => ends[chunk.ordinal]),
        ],
      );
      lexemes += rows.reduce((sum, row) => sum + row.lexeme_count, 0);
      if (vectors) {
        await tx.query(
          `INSERT INTO rag_chunk_vectors (chunk_id, index_id, embedder, embedding)
           SELECT c.id, $2, $3, u.embedding::vector
           FROM unnest($4::int[], $5::text[]) AS u(ordinal, embedding)
           JOIN rag_chunks c ON c.document_id = $1 AND c.ordinal = u.ordinal`,
          [documentId, index.id, options.embedder.name, batch.map((chunk) => chunk.ordinal), batch.map((chunk) => vectorLiteral(vectors[chunk.ordinal]!))],
        );
      }
    }
    // BM25's document frequencies: each lexeme counts once per chunk that has it.
    await tx.query(
      `INSERT INTO rag_terms (index_id, lexeme, df)
       SELECT $1, word, ndoc FROM ts_stat('SELECT tsv FROM rag_chunks WHERE document_id = ' || $2::bigint)
       ON CONFLICT (index_id, lexeme) DO UPDATE SET df = rag_terms.df + EXCLUDED.df`,
      [index.id, documentId],
    );
    await tx.query(
      `UPDATE rag_indexes SET chunk_count = chunk_count + $2, lexeme_total = lexeme_total + $3, bytes = bytes + $4,
         version = version + 1, updated_at = now() WHERE id = $1`,
      [index.id, chunks.length, lexemes, document.bytes],
    );
    return { filename: document.filename, status: previous ? ("replaced" as const) : ("added" as const), chunks: chunks.length };
  });
}

/** What is embedded for a chunk: its document's title and its text. */
export const embeddingText = (title: string, chunk: Pick<Chunk, "text">) => `${title}\n${chunk.text}`;

/** Removes one document from an index (its chunks, vectors and statistics with it). */
export async function deleteDocument(db: Database, index: RagIndex, filename: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT id FROM rag_indexes WHERE id = $1 FOR UPDATE", [index.id]);
    const [document] = await tx.query<{ id: string }>("SELECT id::text FROM rag_documents WHERE index_id = $1 AND filename = $2", [index.id, filename]);
    if (!document) return false;
    await removeDocument(tx, index.id, document.id);
    await tx.query("UPDATE rag_indexes SET version = version + 1, updated_at = now() WHERE id = $1", [index.id]);
    return true;
  });
}

/** Takes a document out of its index's statistics, then deletes it (its chunks and vectors go with it). */
async function removeDocument(tx: Queryable, indexId: string, documentId: string) {
  const [totals] = await tx.query<{ chunks: string; lexemes: string; bytes: string }>(
    `SELECT count(c.id)::text AS chunks, coalesce(sum(c.lexeme_count), 0)::text AS lexemes, d.bytes::text
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
  await tx.query("DELETE FROM rag_documents WHERE id = $1", [documentId]);
  await tx.query("UPDATE rag_indexes SET chunk_count = chunk_count - $2, lexeme_total = lexeme_total - $3, bytes = bytes - $4 WHERE id = $1", [
    indexId,
    Number(totals?.chunks ?? 0),
    Number(totals?.lexemes ?? 0),
    Number(totals?.bytes ?? 0),
  ]);
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
  await db.exec("ANALYZE rag_chunks; ANALYZE rag_terms; ANALYZE rag_documents;");
  const [vectors] = await db.query<{ present: boolean }>("SELECT to_regclass('rag_chunk_vectors') IS NOT NULL AS present");
  if (vectors?.present) await db.exec("ANALYZE rag_chunk_vectors;");
}
