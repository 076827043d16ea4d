import { indexLabel } from "@oystar/api-client";
import type { Queryable } from "../db/database";
import { ragMessages } from "./messages";

// Indexes and who may use them (DESIGN.md §7): an index is shared (no owner: the demo) or one
// customer's own. Nobody else ever sees a customer's index, not even its name.

export type RagIndex = {
  id: string;
  name: string;
  ownerId: string | null;
  label: string;
  chunkCount: number;
  lexemeTotal: number;
  /** The prefix stems' summed length (BM25's second view, full-text-search.ts). */
  stemTotal: number;
  bytes: number;
  version: number;
  documents: number;
};

type IndexRow = {
  id: string;
  name: string;
  owner_id: string | null;
  label: string;
  chunk_count: number;
  lexeme_total: string;
  stem_total: string;
  bytes: string;
  version: number;
  documents: string;
};

const SELECT_INDEX = `SELECT i.id::text, i.name, i.owner_id::text, i.label, i.chunk_count, i.lexeme_total::text, i.stem_total::text, i.bytes::text, i.version,
  (SELECT count(*) FROM rag_documents d WHERE d.index_id = i.id)::text AS documents
  FROM rag_indexes i`;

const toIndex = (row: IndexRow): RagIndex => ({
  id: row.id,
  name: row.name,
  ownerId: row.owner_id,
  label: row.label,
  chunkCount: row.chunk_count,
  lexemeTotal: Number(row.lexeme_total),
  stemTotal: Number(row.stem_total),
  bytes: Number(row.bytes),
  version: row.version,
  documents: Number(row.documents),
});

/** Index names are URL- and file-safe: lower-case letters, digits, dot, dash, underscore. */
export const INDEX_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/** A free-text name (an indexing request's) as an index name: «Studio Rossi 2024» → studio-rossi-2024. */
export function indexNameFrom(text: string): string {
  const slug = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[^a-z0-9]+|-+$/g, "")
    .slice(0, 80);
  return slug || "indice";
}

export async function findIndex(db: Queryable, name: string): Promise<RagIndex | null> {
  const [row] = await db.query<IndexRow>(`${SELECT_INDEX} WHERE i.name = $1`, [name]);
  return row ? toIndex(row) : null;
}

/** The indexes a user may search: the shared ones and their own, shared first, by name. */
export async function usableIndexes(db: Queryable, userId: string): Promise<RagIndex[]> {
  const rows = await db.query<IndexRow>(
    `${SELECT_INDEX} WHERE i.owner_id IS NULL OR i.owner_id = $1 ORDER BY i.owner_id NULLS FIRST, i.name`,
    [userId],
  );
  return rows.map(toIndex);
}

export async function allIndexes(db: Queryable): Promise<RagIndex[]> {
  return (await db.query<IndexRow>(`${SELECT_INDEX} ORDER BY i.name`)).map(toIndex);
}

export const mayUse = (index: RagIndex, userId: string) => index.ownerId === null || index.ownerId === userId;

/** How much a customer holds: their indexes and the bytes of their documents. */
export async function ownerUsage(db: Queryable, ownerId: string): Promise<{ indexes: number; bytes: number }> {
  const [row] = await db.query<{ indexes: string; bytes: string }>(
    "SELECT count(*)::text AS indexes, coalesce(sum(bytes), 0)::text AS bytes FROM rag_indexes WHERE owner_id = $1",
    [ownerId],
  );
  return { indexes: Number(row?.indexes ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export class IndexNameTakenError extends Error {
  override name = "IndexNameTakenError";
}

/** Creates an index (owner null: shared). The label follows spec 001 §9 unless one is given. */
export async function createIndex(db: Queryable, input: { name: string; ownerId: string | null; label?: string }): Promise<RagIndex> {
  if (!INDEX_NAME.test(input.name)) throw new Error(`Nome di indice non valido: ${input.name}`);
  const [row] = await db.query<{ id: string }>(
    "INSERT INTO rag_indexes (name, owner_id, label) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING RETURNING id::text",
    [input.name, input.ownerId, input.label ?? indexLabel(input.name)],
  );
  if (!row) throw new IndexNameTakenError(ragMessages.indexNameTaken(input.name));
  const created = await findIndex(db, input.name);
  if (!created) throw new Error("index not stored");
  return created;
}

/** Removes an index with all it holds (its documents, chunks and vectors go with it). */
export async function deleteIndex(db: Queryable, index: Pick<RagIndex, "id">): Promise<void> {
  await db.query("DELETE FROM rag_indexes WHERE id = $1", [index.id]);
}

/** The shared index `name`, created if missing (the demo at start, the CLI's `--index`). */
export async function ensureSharedIndex(db: Queryable, name: string, label?: string): Promise<RagIndex> {
  await db.query("INSERT INTO rag_indexes (name, owner_id, label) VALUES ($1, NULL, $2) ON CONFLICT (name) DO NOTHING", [
    name,
    label ?? indexLabel(name),
  ]);
  const index = await findIndex(db, name);
  if (!index) throw new Error("index not stored");
  return index;
}

/** `viewable`: its passages know their place in its text (the source viewer, issue 25). */
export type DocumentSummary = {
  id: string;
  filename: string;
  title: string;
  url: string | null;
  bytes: number;
  contentHash: string;
  viewable: boolean;
};

export async function documentByFilename(db: Queryable, indexId: string, filename: string): Promise<DocumentSummary | null> {
  const [row] = await db.query<{
    id: string;
    filename: string;
    title: string;
    url: string | null;
    bytes: string;
    content_hash: string;
    viewable: boolean;
  }>(
    `SELECT d.id::text, d.filename, d.title, d.url, d.bytes::text, d.content_hash, EXISTS (SELECT 1 FROM rag_document_texts t WHERE t.document_id = d.id) AS viewable
     FROM rag_documents d WHERE d.index_id = $1 AND d.filename = $2`,
    [indexId, filename],
  );
  return row
    ? {
        id: row.id,
        filename: row.filename,
        title: row.title,
        url: row.url,
        bytes: Number(row.bytes),
        contentHash: row.content_hash,
        viewable: row.viewable,
      }
    : null;
}
