import type { Queryable } from "../../db/database";
import type { RagIndex } from "../rag-store";
import { log } from "../../observe/log";
import { errorKind } from "../../web/log-line";

// BM25 from this process's memory (issue 23: search ≤ 4 ms a question): an index's postings —
// for each lexeme and each prefix stem, the chunks that hold it and how often — copied from
// Postgres once per index version. DESIGN.md §9: what stays per process is a cache, safe to
// lose or to hold twice; Postgres stays the truth. A copy is read for an index whose version
// it has; otherwise the caller searches Postgres (full-text-search.ts) while a new copy is made
// (at once for a small index, so answers never depend on timing there).

/** Indexes up to this many chunks are copied before the question that finds them missing is answered. */
const COPY_AT_ONCE_UP_TO = 4_000;
/** All the copies of a process together hold at most this many chunks (least recently used go first). */
const MEMORY_BUDGET_CHUNKS = 150_000;
/** Rows read per query while copying: PGlite runs one query at a time, and a question's wait for each. */
export const COPY_PAGE = 500;

type Postings = { chunks: Int32Array; counts: Uint16Array };

export type MemoryIndex = {
  version: number;
  chunkIds: string[];
  /** Each chunk's document id (results are limited per document before texts are read). */
  documentIds: string[];
  lexemeCounts: Uint32Array;
  stemCounts: Uint32Array;
  lexemes: Map<string, Postings>;
  stems: Map<string, Postings>;
  averageLexemes: number;
  averageStems: number;
};

type Entry = { copy: MemoryIndex | null; copying: { version: number; done: Promise<void> } | null; usedAt: number };
const entries = new WeakMap<Queryable, Map<string, Entry>>();

type IndexVersion = Pick<RagIndex, "id" | "version" | "chunkCount">;

/** Databases whose copies are set aside for now (withCopiesSetAside): PostgreSQL answers. */
const copiesSetAside = new WeakSet<Queryable>();

/**
 * For `pnpm bench rag` alone, never the server: runs `measure` with this process's copies of
 * `db`'s indexes set aside, so PostgreSQL answers every question with the candidate cap — as it
 * does for an index over MEMORY_BUDGET_CHUNKS, or while a copy is (re)made after an ingestion —
 * and a run shows what the cap costs beside the copy. The copies are kept, and no copy is started.
 */
export async function withCopiesSetAside<T>(db: Queryable, measure: () => Promise<T>): Promise<T> {
  copiesSetAside.add(db);
  try {
    return await measure();
  } finally {
    copiesSetAside.delete(db);
  }
}

/** The copy of `index` at its current version, if this process has it; a missing or old one is (re)made. */
export async function memoryIndex(db: Queryable, index: IndexVersion): Promise<MemoryIndex | null> {
  if (index.chunkCount > MEMORY_BUDGET_CHUNKS || copiesSetAside.has(db)) return null;
  const ofDb = entries.get(db) ?? new Map<string, Entry>();
  entries.set(db, ofDb);
  const entry = ofDb.get(index.id) ?? { copy: null, copying: null, usedAt: 0 };
  ofDb.set(index.id, entry);
  entry.usedAt = performance.now();
  if (entry.copy?.version === index.version) return entry.copy;
  if (entry.copying?.version !== index.version) {
    // An older copy that ends while a newer one is being made leaves the newer one in place, so
    // the next question does not start a third.
    const finished = () => {
      if (entry.copying?.version === index.version) entry.copying = null;
    };
    const done = copyIndex(db, index).then(
      (copy) => {
        if (copy && copy.version >= (entry.copy?.version ?? -1)) entry.copy = copy;
        finished();
        evictOverBudget(ofDb);
      },
      (error: unknown) => {
        finished();
        log.error({ kind: errorKind(error) }, "Copia in memoria dell'indice non riuscita");
      },
    );
    entry.copying = { version: index.version, done };
  }
  if (index.chunkCount <= COPY_AT_ONCE_UP_TO) await entry.copying?.done;
  return entry.copy?.version === index.version ? entry.copy : null;
}

/** At start: the copies of the large indexes are made in the background, before the first question needs them. */
export async function copyLargeIndexes(db: Queryable): Promise<void> {
  const indexes = await db.query<{ id: string; version: number; chunk_count: number }>(
    "SELECT id::text, version, chunk_count FROM rag_indexes WHERE chunk_count > $1",
    [COPY_AT_ONCE_UP_TO],
  );
  for (const index of indexes) await memoryIndex(db, { id: index.id, version: index.version, chunkCount: index.chunk_count });
}

/** Waits until this process holds the copy of `index` at its version (the benchmark's warm-up). */
export async function copiedIndex(db: Queryable, index: IndexVersion): Promise<MemoryIndex | null> {
  const copy = await memoryIndex(db, index);
  if (copy) return copy;
  await entries.get(db)?.get(index.id)?.copying?.done;
  return memoryIndex(db, index);
}

function evictOverBudget(ofDb: Map<string, Entry>) {
  const held = [...ofDb.values()].sort((left, right) => right.usedAt - left.usedAt);
  let chunks = 0;
  for (const entry of held) {
    if (!entry.copy) continue;
    chunks += entry.copy.chunkIds.length;
    if (chunks > MEMORY_BUDGET_CHUNKS) entry.copy = null;
  }
}

/** Parses a tsvector's text form into term → count (positions are not kept: BM25 needs counts). */
function countsOf(text: string, into: (term: string, count: number) => void) {
  for (const entry of text.matchAll(/'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g)) {
    const term = (entry[1] ?? "").replace(/''/g, "'").replace(/\\(.)/g, "$1");
    into(term, entry[2] ? entry[2].split(",").length : 1);
  }
}

/** Reads the index's chunks page by page; null when the index changed meanwhile (the copy would mix versions). */
async function copyIndex(db: Queryable, index: IndexVersion): Promise<MemoryIndex | null> {
  const chunkIds: string[] = [];
  const documentIds: string[] = [];
  const lexemeCounts: number[] = [];
  const stemCounts: number[] = [];
  const building = {
    lexemes: new Map<string, { chunks: number[]; counts: number[] }>(),
    stems: new Map<string, { chunks: number[]; counts: number[] }>(),
  };
  const add = (view: Map<string, { chunks: number[]; counts: number[] }>, position: number) => (term: string, count: number) => {
    const postings = view.get(term) ?? { chunks: [], counts: [] };
    view.set(term, postings);
    postings.chunks.push(position);
    postings.counts.push(Math.min(count, 65_535));
  };
  for (let after = "0"; ;) {
    // Ordered by the column, not by the text `id` this query outputs: pages in text order ('1',
    // '10', '100', …) with `id > $2` comparing numbers skipped most of every page after the first.
    const rows = await db.query<{ id: string; document_id: string; lexeme_count: number; stem_count: number; tsv: string; stems: string }>(
      "SELECT id::text, document_id::text, lexeme_count, stem_count, tsv::text AS tsv, stems::text AS stems FROM rag_chunks WHERE index_id = $1 AND id > $2 ORDER BY rag_chunks.id LIMIT $3",
      [index.id, after, COPY_PAGE],
    );
    for (const row of rows) {
      const position = chunkIds.push(row.id) - 1;
      documentIds.push(row.document_id);
      lexemeCounts.push(row.lexeme_count);
      stemCounts.push(row.stem_count);
      countsOf(row.tsv, add(building.lexemes, position));
      countsOf(row.stems, add(building.stems, position));
    }
    const last = rows.at(-1);
    if (!last || rows.length < COPY_PAGE) break;
    after = last.id;
    // A question that arrived meanwhile gets the event loop (and PGlite) between pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const [current] = await db.query<{ version: number }>("SELECT version FROM rag_indexes WHERE id = $1", [index.id]);
  if (current?.version !== index.version) return null;
  const frozen = (view: Map<string, { chunks: number[]; counts: number[] }>) =>
    new Map(
      [...view].map(([term, postings]) => [term, { chunks: Int32Array.from(postings.chunks), counts: Uint16Array.from(postings.counts) }]),
    );
  const total = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0);
  return {
    version: index.version,
    chunkIds,
    documentIds,
    lexemeCounts: Uint32Array.from(lexemeCounts),
    stemCounts: Uint32Array.from(stemCounts),
    lexemes: frozen(building.lexemes),
    stems: frozen(building.stems),
    averageLexemes: total(lexemeCounts) / Math.max(1, chunkIds.length),
    averageStems: total(stemCounts) / Math.max(1, chunkIds.length),
  };
}
