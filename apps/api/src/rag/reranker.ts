import type { QueryTerm, TermMatch } from "./full-text-search";

// Reranking (DESIGN.md §6, §8): a cross-encoder endpoint when RERANKER_BASE_URL is set (e.g.
// bge-reranker-v2-m3 behind TEI, Infinity, vLLM or Jina's API); otherwise the local scorer: a
// hand-tuned linear model over features that plain BM25 does not see — how much of the
// question (by idf) the passage covers, how close together the matched words are, whether
// the document's title names the subject — plus BM25 itself and the vector similarity.

export type RerankCandidate = {
  chunkId: string;
  text: string;
  title: string;
  /** The question's terms of this candidate's index (idf differs per index). */
  terms: readonly QueryTerm[];
  bm25: number;
  /** The question's lexemes in the chunk (title included), with positions. */
  matches: Map<string, TermMatch>;
  /** The question's lexemes in the document's title. */
  titleLexemes: ReadonlySet<string>;
  /** Cosine similarity to the question's embedding, when the vector leg is on. */
  similarity: number | null;
};

export type Reranker = {
  readonly name: string;
  /** One score per candidate, in the candidates' order; higher is better. */
  score(question: string, candidates: readonly RerankCandidate[], signal?: AbortSignal): Promise<number[]>;
};

/** Tuned on the first half of the QA set only (see `pnpm rag eval`); the second half is held out. */
export const LOCAL_RERANK_WEIGHTS = { bm25: 0.45, coverage: 0.25, proximity: 0.1, title: 0.1, similarity: 0.1 };
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
  for (let end = 0; end < events.length; end += 1) {
    const entering = events[end]!;
    inWindow.set(entering.lexeme, (inWindow.get(entering.lexeme) ?? 0) + 1);
    while (inWindow.size === distinct) {
      const leaving = events[start]!;
      best = Math.min(best, entering.position - leaving.position);
      const count = (inWindow.get(leaving.lexeme) ?? 0) - 1;
      if (count === 0) inWindow.delete(leaving.lexeme);
      else inWindow.set(leaving.lexeme, count);
      start += 1;
    }
  }
  return Math.min(1, (distinct - 1) / Math.max(1, best));
}

export function localReranker(weights = LOCAL_RERANK_WEIGHTS): Reranker {
  return {
    name: LOCAL_RERANKER_NAME,
    score: async (_question, candidates) => {
      const topBm25 = Math.max(1e-9, ...candidates.map((candidate) => candidate.bm25));
      return candidates.map(
        (candidate) =>
          weights.bm25 * (candidate.bm25 / topBm25) +
          weights.coverage * idfShare(candidate.terms, (lexeme) => candidate.matches.has(lexeme)) +
          weights.proximity * proximityOf(candidate.matches) +
          weights.title * idfShare(candidate.terms, (lexeme) => candidate.titleLexemes.has(lexeme)) +
          weights.similarity * Math.max(0, candidate.similarity ?? 0),
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
      const results = (Array.isArray(body) ? body : ((body as { results?: unknown }).results ?? [])) as Array<{ index?: number; relevance_score?: number; score?: number }>;
      const scores = candidates.map(() => Number.NEGATIVE_INFINITY);
      for (const result of results) {
        const value = result.relevance_score ?? result.score;
        if (typeof result.index === "number" && typeof value === "number" && result.index >= 0 && result.index < scores.length) scores[result.index] = value;
      }
      return scores;
    },
  };
}
