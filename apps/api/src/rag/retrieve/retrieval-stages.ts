import type { RagOptions } from "@oystar/api-client";
import type { Embedder } from "../embedder";
import type { Reranker } from "./reranker";

// Which retrieval stages run (DESIGN.md §8: every stage earns its default by an ablation on data
// it was not tuned on; issue 23). The settings and the request ask for fusion and reranking
// (spec 001 §3); the engine runs them only with components that were shown to help:
//  - fusion of the vector leg with BM25: with a semantic embedder (EMBEDDINGS_BASE_URL, e.g.
//    bge-m3). The local embedder's hashed character n-grams are a second LEXICAL view of the
//    same words, and fusing them cost recall on the test half (`pnpm rag eval`, README);
//  - reranking: with a cross-encoder (RERANKER_BASE_URL). The local feature scorer was tuned on
//    the demo QA set and lost recall on the test half; when a cross-encoder fails, the first
//    stage's order stands;
//  - deduplication (cosine of character n-grams ≥ the threshold): it can only take passages
//    away, and on the lexical pipeline it took away right answers (a paragraph repeated almost
//    word for word in another document) on the test half; it stays as asked with a semantic
//    embedder, where it has not been measured here.
// `pnpm rag eval` runs every stage as asked (`asAsked`) to measure them.

/** Set from the ablation on the Debian test half (apps/api/README.md, RAG evaluation). */
export const LOCAL_EMBEDDER_EARNS_FUSION = false;
export const LOCAL_RERANKER_EARNS_RERANKING = false;
export const DEDUPLICATION_EARNS_LEXICAL_DEFAULT = false;

type Components = { vectors: boolean; embedder: Pick<Embedder, "semantic">; reranker: Pick<Reranker, "crossEncoder"> };

/** Whether the vector leg takes part in retrieval at all (fused, or alone as the primary leg). */
export const vectorLegEarned = (engine: Components) => engine.vectors && (engine.embedder.semantic || LOCAL_EMBEDDER_EARNS_FUSION);

/** Whether reranking runs when asked for. */
export const rerankEarned = (engine: Components) => engine.reranker.crossEncoder || LOCAL_RERANKER_EARNS_RERANKING;

/** Whether deduplication runs when asked for. */
export const deduplicationEarned = (engine: Components) => engine.embedder.semantic || DEDUPLICATION_EARNS_LEXICAL_DEFAULT;

/** The stages a search asks for: the settings of the same names (RAG_KNOBS). */
export type AskedStages = Pick<RagOptions, "useFusedRetrieval" | "useReranker" | "useDeduplication">;
/** The stages that run. */
export type RunningStages = { fused: boolean; rerank: boolean; deduplicate: boolean };

/** The stages that run: what is asked, less what the configured components have not earned. */
export function stagesToRun(engine: Components, asked: AskedStages): RunningStages {
  return {
    fused: asked.useFusedRetrieval && vectorLegEarned(engine),
    rerank: asked.useReranker && rerankEarned(engine),
    deduplicate: asked.useDeduplication && deduplicationEarned(engine),
  };
}
