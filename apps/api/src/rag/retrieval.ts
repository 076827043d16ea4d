import type { Database } from "../db/database";
import { deduplicate } from "./deduplication";
import type { Embedder } from "./embedder";
import { fullTextSearch, parseTsvector, queryTerms, bm25, type QueryTerm } from "./full-text-search";
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

  const lists: Array<{ leg: Leg; hits: Ranked[] }> = [];
  for (const index of indexes) {
    for (const query of fullTextQueries) lists.push({ leg: "full-text", hits: await fullTextSearch(engine.db, index, query, options.topKPerIndex) });
    for (const vector of queryVectors) lists.push({ leg: "vector", hits: await vectorSearch(engine.db, engine.embedder, index.id, vector, options.topKPerIndex) });
  }
  // Not fused: one leg — the vector leg when the embedder is a semantic model, full-text when
  // it is the lexical local embedder (BM25 is the stronger of two lexical legs).
  const primary: Leg = engine.vectors && engine.embedder.semantic ? "vector" : "full-text";
  const chosen = options.fused ? lists : lists.filter((list) => list.leg === primary);
  const fused = reciprocalRankFusion((chosen.some((list) => list.hits.length > 0) ? chosen : lists).map((list) => list.hits));
  if (fused.length === 0) return [];

  const pool = fused.slice(0, options.rerank ? RERANK_POOL : options.topKFinal * 3);
  const candidates = await candidateDetails(engine, indexes, question, pool.map((hit) => hit.chunkId), queryVectors[0] ?? null);
  let ranked: Array<RerankCandidate & Passage>;
  if (options.rerank) {
    const scores = await scoreSafely(engine.reranker, question, candidates, signal);
    ranked = candidates.map((candidate, position) => ({ ...candidate, score: scores[position] ?? 0 })).sort((left, right) => right.score - left.score);
  } else {
    const fusedScore = new Map(pool.map((hit) => [hit.chunkId, hit.score]));
    ranked = candidates.map((candidate) => ({ ...candidate, score: fusedScore.get(candidate.chunkId) ?? 0 }));
  }
  const kept = options.deduplicate ? deduplicate(ranked, options.deduplicationThreshold) : ranked;
  return kept.slice(0, options.topKFinal).map(({ chunkId, text, page, filename, title, url, indexName, score }) => ({ chunkId, text, page, filename, title, url, indexName, score }));
}

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

type CandidateRow = {
  id: string;
  index_id: string;
  text: string;
  page: number | null;
  filename: string;
  title: string;
  url: string | null;
  lexeme_count: number;
  matched: string;
};

/** The pool's chunks with what the reranker and the answer need, in the pool's order. */
async function candidateDetails(
  engine: RetrievalEngine,
  indexes: readonly RagIndex[],
  question: string,
  chunkIds: readonly string[],
  questionVector: Float32Array | null,
): Promise<Array<RerankCandidate & Passage>> {
  const byId = new Map<string, RerankCandidate & Passage>();
  const similarities = engine.vectors && questionVector ? await vectorScores(engine.db, engine.embedder, chunkIds, questionVector) : new Map<string, number>();
  for (const index of indexes) {
    const terms: QueryTerm[] = (await queryTerms(engine.db, index, question)).filter((term) => term.df > 0);
    const lexemes = terms.map((term) => term.lexeme);
    const rows = await engine.db.query<CandidateRow>(
      `SELECT c.id::text, c.index_id::text, c.text, c.page, d.filename, d.title, d.url, c.lexeme_count,
              ts_filter(setweight(c.tsv, 'A', $3::text[]), '{a}')::text AS matched
       FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id
       WHERE c.id = ANY($1::bigint[]) AND c.index_id = $2`,
      [chunkIds, index.id, lexemes],
    );
    const averageLength = index.lexemeTotal / Math.max(1, index.chunkCount);
    for (const row of rows) {
      const matches = parseTsvector(row.matched);
      byId.set(row.id, {
        chunkId: row.id,
        text: row.text,
        page: row.page,
        filename: row.filename,
        title: row.title,
        url: row.url,
        indexName: index.name,
        score: 0,
        terms,
        bm25: bm25(terms, matches, row.lexeme_count, averageLength),
        matches,
        documentKey: `${index.id}/${row.filename}`,
        similarity: similarities.get(row.id) ?? null,
      });
    }
  }
  return chunkIds.flatMap((id) => byId.get(id) ?? []);
}
