import type { Database } from "../db/database";
import { deduplicate } from "./deduplication";
import type { Embedder } from "./embedder";
import { fullTextScores, fullTextSearch, queryTerms, type FullTextHit, type QueryTerm } from "./full-text-search";
import { reciprocalRankFusion, type Ranked } from "./rank-fusion";
import type { RagIndex } from "./rag-store";
import { localReranker, type Reranker, type RerankCandidate } from "./reranker";
import { vectorScores, vectorSearch } from "./vector-search";

// DESIGN.md §8, retrieval: full-text and vector legs per index (top-K each, for the question
// and each of its variations; HyDE's passage on the vector leg), reciprocal rank fusion,
// optional rerank to the final top-K, deduplication.

export type RetrievalEngine = {
  db: Database;
  embedder: Embedder;
  /** The vector leg is on (pgvector present). */
  vectors: boolean;
  reranker: Reranker;
};

export type RetrievalOptions = {
  /** The question first, then its variations (multi-query). */
  queries: readonly string[];
  /** HyDE: a hypothetical answer, searched on the vector leg (or the full-text one without it). */
  hypothetical: string | null;
  topKPerIndex: number;
  topKFinal: number;
  fused: boolean;
  rerank: boolean;
  deduplicate: boolean;
  deduplicationThreshold: number;
};

export type Passage = {
  chunkId: string;
  text: string;
  page: number | null;
  filename: string;
  title: string;
  url: string | null;
  indexName: string;
  /** The final ranking's score (reranker, or fusion). */
  score: number;
};

/** How many fused candidates the reranker reads: enough to reorder, few enough for a cross-encoder. */
const RERANK_POOL = 40;

type Leg = "full-text" | "vector";

export async function retrieve(engine: RetrievalEngine, indexes: readonly RagIndex[], options: RetrievalOptions, signal?: AbortSignal): Promise<Passage[]> {
  const question = options.queries[0] ?? "";
  const vectorTexts = [...options.queries, ...(options.hypothetical ? [options.hypothetical] : [])];
  const queryVectors = engine.vectors ? await engine.embedder.embed(vectorTexts, signal) : [];
  const fullTextQueries = engine.vectors || !options.hypothetical ? options.queries : [...options.queries, options.hypothetical];

  // What the legs learn about the question itself is kept for the reranker's features.
  const known: Known = { terms: new Map(), fullText: new Map(), similarity: new Map() };
  const lists: Array<{ leg: Leg; hits: Ranked[] }> = [];
  for (const index of indexes) {
    const terms = (await queryTerms(engine.db, index, question)).filter((term) => term.df > 0);
    known.terms.set(index.id, terms);
    for (const [position, query] of fullTextQueries.entries()) {
      const hits = await fullTextSearch(engine.db, index, query, options.topKPerIndex, position === 0 ? { terms } : {});
      if (position === 0) for (const hit of hits) known.fullText.set(hit.chunkId, hit);
      lists.push({ leg: "full-text", hits });
    }
    for (const [position, vector] of queryVectors.entries()) {
      const hits = await vectorSearch(engine.db, engine.embedder, index.id, vector, options.topKPerIndex);
      if (position === 0) for (const hit of hits) known.similarity.set(hit.chunkId, hit.score);
      lists.push({ leg: "vector", hits });
    }
  }
  // Not fused: one leg — the vector leg when the embedder is a semantic model, full-text when
  // it is the lexical local embedder (BM25 is the stronger of two lexical legs).
  const primary: Leg = engine.vectors && engine.embedder.semantic ? "vector" : "full-text";
  const chosen = options.fused ? lists : lists.filter((list) => list.leg === primary);
  const fused = reciprocalRankFusion((chosen.some((list) => list.hits.length > 0) ? chosen : lists).map((list) => list.hits));
  if (fused.length === 0) return [];

  const pool = fused.slice(0, options.rerank ? RERANK_POOL : options.topKFinal * 3);
  const ids = pool.map((hit) => hit.chunkId);
  let ranked: Passage[];
  if (options.rerank) {
    const candidates = await rerankCandidates(engine, indexes, ids, known, queryVectors[0] ?? null);
    const scores = await scoreSafely(engine.reranker, question, candidates, signal);
    ranked = candidates.map((candidate, position) => ({ ...candidate, score: scores[position] ?? 0 })).sort((left, right) => right.score - left.score);
  } else {
    const fusedScore = new Map(pool.map((hit) => [hit.chunkId, hit.score]));
    ranked = (await passagesOf(engine, indexes, ids)).map((passage) => ({ ...passage, score: fusedScore.get(passage.chunkId) ?? 0 }));
  }
  const kept = options.deduplicate ? deduplicate(ranked, options.deduplicationThreshold) : ranked;
  return kept.slice(0, options.topKFinal).map(({ chunkId, text, page, filename, title, url, indexName, score }) => ({ chunkId, text, page, filename, title, url, indexName, score }));
}

type Known = {
  /** The question's terms per index id. */
  terms: Map<string, QueryTerm[]>;
  /** The question's full-text hits (BM25, matched positions), by chunk id. */
  fullText: Map<string, FullTextHit>;
  /** The question's cosine similarity from the vector leg, by chunk id. */
  similarity: Map<string, number>;
};

/** A failing cross-encoder must not fail the answer: the local scorer steps in. */
async function scoreSafely(reranker: Reranker, question: string, candidates: readonly RerankCandidate[], signal?: AbortSignal): Promise<number[]> {
  try {
    return await reranker.score(question, candidates, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(`Reranker ${reranker.name} non disponibile, uso il punteggio locale: ${(error as Error).message}`);
    return localReranker().score(question, candidates);
  }
}

type PassageRow = { id: string; index_id: string; text: string; page: number | null; filename: string; title: string; url: string | null };

/** The pool's chunks as passages, in the pool's order. */
async function passagesOf(engine: RetrievalEngine, indexes: readonly RagIndex[], chunkIds: readonly string[]): Promise<Passage[]> {
  const names = new Map(indexes.map((index) => [index.id, index.name]));
  const rows = await engine.db.query<PassageRow>(
    `SELECT c.id::text, c.index_id::text, c.text, c.page, d.filename, d.title, d.url
     FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE c.id = ANY($1::bigint[])`,
    [chunkIds],
  );
  const byId = new Map(
    rows.map((row) => [row.id, { chunkId: row.id, text: row.text, page: row.page, filename: row.filename, title: row.title, url: row.url, indexName: names.get(row.index_id) ?? "", score: 0 }]),
  );
  return chunkIds.flatMap((id) => byId.get(id) ?? []);
}

/** The pool's passages with the reranker's features; only what the legs did not already give is fetched. */
async function rerankCandidates(
  engine: RetrievalEngine,
  indexes: readonly RagIndex[],
  chunkIds: readonly string[],
  known: Known,
  questionVector: Float32Array | null,
): Promise<Array<RerankCandidate & Passage>> {
  const passages = await passagesOf(engine, indexes, chunkIds);
  const indexOf = new Map(indexes.map((index) => [index.name, index]));
  const missingSimilarity = passages.filter((passage) => !known.similarity.has(passage.chunkId)).map((passage) => passage.chunkId);
  if (engine.vectors && questionVector && missingSimilarity.length > 0) {
    for (const [id, score] of await vectorScores(engine.db, engine.embedder, missingSimilarity, questionVector)) known.similarity.set(id, score);
  }
  for (const index of indexes) {
    const missing = passages.filter((passage) => passage.indexName === index.name && !known.fullText.has(passage.chunkId)).map((passage) => passage.chunkId);
    for (const hit of await fullTextScores(engine.db, index, known.terms.get(index.id) ?? [], missing)) known.fullText.set(hit.chunkId, hit);
  }
  return passages.map((passage) => {
    const hit = known.fullText.get(passage.chunkId);
    const index = indexOf.get(passage.indexName);
    return {
      ...passage,
      terms: known.terms.get(index?.id ?? "") ?? [],
      bm25: hit?.score ?? 0,
      matches: hit?.matches ?? new Map(),
      documentKey: `${index?.id ?? ""}/${passage.filename}`,
      similarity: known.similarity.get(passage.chunkId) ?? null,
    };
  });
}
