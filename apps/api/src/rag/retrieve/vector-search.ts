import { createHash } from "node:crypto";
import type { Database, Queryable } from "../../db/database";
import { vectorLiteral, type Embedder } from "../embedder";

// The vector leg (pgvector): cosine distance over the embeddings of the configured embedder,
// through an HNSW index of that embedder's dimension. Off where pgvector is missing.

export type VectorHit = { chunkId: string; score: number };

/** HNSW candidates per query; raised from pgvector's 40 so a top-45 is not starved, kept low for latency. */
const EF_SEARCH = 64;
const HNSW_SETTINGS = `SET LOCAL hnsw.ef_search = ${EF_SEARCH}; SET LOCAL hnsw.iterative_scan = relaxed_order;`;
const tunedSessions = new WeakSet<Database>();

/** pgvector is installed and the migration created the vector table. */
export async function vectorStoreAvailable(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ available: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AND to_regclass('rag_chunk_vectors') IS NOT NULL AS available",
  );
  return row?.available === true;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const hnswIndexName = (embedder: Embedder) => `rag_vectors_hnsw_${createHash("sha256").update(embedder.name).digest("hex").slice(0, 12)}`;

/**
 * One HNSW index per embedder (the column is untyped: bge-m3 has 1024 dimensions, the local
 * embedder 256). Partial and by expression, so the queries below must repeat both literally.
 */
export async function ensureVectorIndex(db: Queryable, embedder: Embedder): Promise<void> {
  try {
    await db.exec(
      `CREATE INDEX IF NOT EXISTS ${hnswIndexName(embedder)} ON rag_chunk_vectors
       USING hnsw ((embedding::vector(${embedder.dimensions})) vector_cosine_ops) WHERE embedder = ${literal(embedder.name)}`,
    );
  } catch (error) {
    // Another server starting on the same Postgres may have created it a moment ago.
    if (!/already exists/.test((error as Error).message)) throw error;
  }
}

/**
 * For a bulk load into PGlite (which only the loading process holds): building the HNSW index
 * once at the end is about ten times faster than keeping it up to date vector by vector.
 */
export async function withoutVectorIndexDuring<T>(db: Database, embedder: Embedder, work: () => Promise<T>): Promise<T> {
  await db.exec(`DROP INDEX IF EXISTS ${hnswIndexName(embedder)}`);
  try {
    return await work();
  } finally {
    await db.exec("SET maintenance_work_mem = '1GB'");
    await ensureVectorIndex(db, embedder);
    await db.exec("RESET maintenance_work_mem");
  }
}

/** The `limit` chunks of one index nearest to `query`, best first, scored by cosine similarity. */
export async function vectorSearch(
  db: Database,
  embedder: Embedder,
  indexId: string,
  query: Float32Array,
  limit: number,
  documentIds?: readonly string[] | null,
): Promise<VectorHit[]> {
  const dimensions = embedder.dimensions;
  // Field extraction's document qualifiers (question-fields.ts): only these documents' chunks.
  const ofDocuments = documentIds ? " AND chunk_id IN (SELECT id FROM rag_chunks WHERE document_id = ANY($4::bigint[]))" : "";
  const sql = `SELECT chunk_id::text AS chunk_id, 1 - (embedding::vector(${dimensions}) <=> $2::vector(${dimensions})) AS score
    FROM rag_chunk_vectors WHERE embedder = ${literal(embedder.name)} AND index_id = $1${ofDocuments}
    ORDER BY embedding::vector(${dimensions}) <=> $2::vector(${dimensions}) LIMIT $3`;
  // Iterative scans keep going until `limit` rows of THIS index are found (pgvector ≥ 0.8).
  // PGlite is one session: set once. On a pool, SET LOCAL keeps them to this transaction.
  const params = [indexId, vectorLiteral(query), limit, ...(documentIds ? [documentIds] : [])];
  let rows: Array<{ chunk_id: string; score: number }>;
  if (db.kind === "pglite") {
    if (!tunedSessions.has(db)) {
      await db.exec(HNSW_SETTINGS.replaceAll("SET LOCAL", "SET"));
      tunedSessions.add(db);
    }
    rows = await db.query(sql, params);
  } else {
    rows = await db.transaction(async (tx) => {
      await tx.exec(HNSW_SETTINGS);
      return tx.query<{ chunk_id: string; score: number }>(sql, params);
    });
  }
  // Relaxed order may return neighbours slightly out of order.
  return rows.map((row) => ({ chunkId: row.chunk_id, score: Number(row.score) })).sort((left, right) => right.score - left.score);
}

/** Cosine similarity of given chunks to `query` (for the reranker's features). */
export async function vectorScores(
  db: Queryable,
  embedder: Embedder,
  chunkIds: readonly string[],
  query: Float32Array,
): Promise<Map<string, number>> {
  if (chunkIds.length === 0) return new Map();
  const rows = await db.query<{ chunk_id: string; score: number }>(
    `SELECT chunk_id::text AS chunk_id, 1 - (embedding::vector(${embedder.dimensions}) <=> $2::vector(${embedder.dimensions})) AS score
     FROM rag_chunk_vectors WHERE embedder = ${literal(embedder.name)} AND chunk_id = ANY($1::bigint[])`,
    [chunkIds, vectorLiteral(query)],
  );
  return new Map(rows.map((row) => [row.chunk_id, Number(row.score)]));
}

/** Chunks stored before this embedder was configured get their vectors (in batches). */
export async function embedMissingChunks(db: Queryable, embedder: Embedder, batch = 256): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db.query<{ id: string; index_id: string; title: string; text: string }>(
      `SELECT c.id::text, c.index_id::text, d.title, c.text FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id
       WHERE NOT EXISTS (SELECT 1 FROM rag_chunk_vectors v WHERE v.chunk_id = c.id AND v.embedder = ${literal(embedder.name)})
       ORDER BY c.id LIMIT $1`,
      [batch],
    );
    if (rows.length === 0) return done;
    const vectors = await embedder.embed(rows.map((row) => `${row.title}\n${row.text}`));
    await db.query(
      `INSERT INTO rag_chunk_vectors (chunk_id, index_id, embedder, embedding)
       SELECT u.chunk_id, u.index_id, $1, u.embedding::vector FROM unnest($2::bigint[], $3::bigint[], $4::text[]) AS u(chunk_id, index_id, embedding)
       ON CONFLICT (chunk_id) DO UPDATE SET embedder = EXCLUDED.embedder, embedding = EXCLUDED.embedding, index_id = EXCLUDED.index_id`,
      [embedder.name, rows.map((row) => row.id), rows.map((row) => row.index_id), vectors.map(vectorLiteral)],
    );
    done += rows.length;
  }
}
