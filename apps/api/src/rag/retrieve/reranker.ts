import type { QueryTerm, TermMatch } from "./full-text-search";
import { required } from "../../required";

// Reranking (DESIGN.md §6, §8): a cross-encoder endpoint when RERANKER_BASE_URL is set (e.g.
// bge-reranker-v2-m3 behind TEI, Infinity, vLLM or Jina's API); otherwise the local scorer: a
// hand-tuned linear model over features that plain BM25 does not see — how much of the
// question (by idf) the passage covers, how close together the matched words are, how much
// other evidence the same document gives in the pool — plus BM25 itself and the vector
// similarity.

export type RerankCandidate = {
  chunkId: string;
  text: string;
  title: string;
  /** The question's terms of this candidate's index (idf differs per index). */
  terms: readonly QueryTerm[];
  bm25: number;
  /** The question's lexemes in the chunk (title included), with positions. */
  matches: Map<string, TermMatch>;
  /** The document the chunk belongs to (its index and file name). */
  documentKey: string;
  /** Cosine similarity to the question's embedding, when the vector leg is on. */
  similarity: number | null;
};

export type Reranker = {
  readonly name: string;
  /** A cross-encoder model (true) or the local feature scorer (false). */
  readonly crossEncoder: boolean;
  /** One score per candidate, in the candidates' order; higher is better. */
  score(question: string, candidates: readonly RerankCandidate[], signal?: AbortSignal): Promise<number[]>;
};

/**
 * Tuned by a grid search on the odd-numbered half of the demo QA set (apps/api/rag-eval, mean
 * reciprocal rank). A title feature was tried and got weight 0: the title is already in every
 * chunk's full-text vector. On the Debian set it loses to BM25 alone, so it runs only when asked
 * as such (retrieval-stages.ts).
 */
export const LOCAL_RERANK_WEIGHTS = { bm25: 0.3, coverage: 0.3, proximity: 0.2, similarity: 0.5, documentSupport: 0.4 };
export const LOCAL_RERANKER_NAME = "oystar-local-feature-scorer";

/** The share of the question's weight (idf) that `present` covers. */
function idfShare(terms: readonly QueryTerm[], present: (lexeme: string) => boolean): number {
  const total = terms.reduce((sum, term) => sum + term.idf, 0);
  if (total === 0) return 0;
  return terms.reduce((sum, term) => sum + (present(term.lexeme) ? term.idf : 0), 0) / total;
}

/**
 * How close together the matched terms are: (matched − 1) / span of the smallest window that
 * holds every matched term once; 1 for adjacent words, towards 0 when scattered.
 */
export function proximityOf(matches: Map<string, TermMatch>): number {
  const events = [...matches.entries()].flatMap(([lexeme, match]) => match.positions.map((position) => ({ lexeme, position })));
  const distinct = new Set(events.map((event) => event.lexeme)).size;
  if (distinct < 2) return 0;
  events.sort((left, right) => left.position - right.position);
  const inWindow = new Map<string, number>();
  let best = Number.POSITIVE_INFINITY;
  let start = 0;
  for (const entering of events) {
    inWindow.set(entering.lexeme, (inWindow.get(entering.lexeme) ?? 0) + 1);
    while (inWindow.size === distinct) {
      // The window holds every lexeme, so it holds an event to leave it.
      const leaving = required(events[start], "the window's first event");
      best = Math.min(best, entering.position - leaving.position);
      const count = (inWindow.get(leaving.lexeme) ?? 0) - 1;
      if (count === 0) inWindow.delete(leaving.lexeme);
      else inWindow.set(leaving.lexeme, count);
      start += 1;
    }
  }
  return Math.min(1, (distinct - 1) / Math.max(1, best));
}

/**
 * The other chunks of the same document in the pool, by their BM25: a document that answers
 * from several passages is likelier the right one. 0–1, relative to the best document.
 */
function documentSupport(candidates: readonly RerankCandidate[], topBm25: number): number[] {
  const totals = new Map<string, number>();
  for (const candidate of candidates)
    totals.set(candidate.documentKey, (totals.get(candidate.documentKey) ?? 0) + candidate.bm25 / topBm25);
  const best = Math.max(1e-9, ...totals.values());
  return candidates.map((candidate) => ((totals.get(candidate.documentKey) ?? 0) - candidate.bm25 / topBm25) / best);
}

export function localReranker(weights = LOCAL_RERANK_WEIGHTS): Reranker {
  return {
    name: LOCAL_RERANKER_NAME,
    crossEncoder: false,
    score: async (_question, candidates) => {
      const topBm25 = Math.max(1e-9, ...candidates.map((candidate) => candidate.bm25));
      const support = documentSupport(candidates, topBm25);
      return candidates.map(
        (candidate, position) =>
          weights.bm25 * (candidate.bm25 / topBm25) +
          weights.coverage * idfShare(candidate.terms, (lexeme) => candidate.matches.has(lexeme)) +
          weights.proximity * proximityOf(candidate.matches) +
          weights.similarity * Math.max(0, candidate.similarity ?? 0) +
          weights.documentSupport * (support[position] ?? 0),
      );
    },
  };
}

export type RemoteRerankerOptions = { baseUrl: string; apiKey: string | null; model: string | null; timeoutMs?: number };

export class RerankError extends Error {
  override name = "RerankError";
}

/**
 * POST {base}/rerank `{model, query, documents}` — the shape of Jina, Cohere v2, vLLM and
 * Infinity; the answer is `{results: [{index, relevance_score}]}`, or TEI's `[{index, score}]`.
 */
export function remoteReranker(options: RemoteRerankerOptions): Reranker {
  const url = `${options.baseUrl.replace(/\/$/, "")}/rerank`;
  return {
    name: options.model ?? "cross-encoder",
    crossEncoder: true,
    async score(question, candidates, signal) {
      if (candidates.length === 0) return [];
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 20_000);
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
        body: JSON.stringify({
          ...(options.model ? { model: options.model } : {}),
          query: question,
          documents: candidates.map((candidate) => `${candidate.title}\n${candidate.text}`),
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok) throw new RerankError(`Il reranker ha risposto ${response.status}`);
      const body = (await response.json()) as unknown;
      const results = (Array.isArray(body) ? body : ((body as { results?: unknown }).results ?? [])) as Array<{
        index?: number;
        relevance_score?: number;
        score?: number;
      }>;
      const scores = candidates.map(() => Number.NEGATIVE_INFINITY);
      for (const result of results) {
        const value = result.relevance_score ?? result.score;
        if (typeof result.index === "number" && typeof value === "number" && result.index >= 0 && result.index < scores.length)
          scores[result.index] = value;
      }
      return scores;
    },
  };
}
