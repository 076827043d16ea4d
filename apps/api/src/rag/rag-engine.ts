import type { Database } from "../db/database";
import type { Env } from "../env";
import { createAnswerCache, type AnswerCache } from "./answer-cache";
import { copyLargeIndexes } from "./retrieve/bm25-memory";
import { buildDemoIndex } from "./ingest/demo-index";
import { localEmbedder, remoteEmbedder, type Embedder } from "./embedder";
import { localReranker, remoteReranker, type Reranker } from "./retrieve/reranker";
import type { RetrievalEngine } from "./retrieve/retrieval";
import { deduplicationEarned, rerankEarned, vectorLegEarned } from "./retrieve/retrieval-stages";
import { embedMissingChunks, ensureVectorIndex, vectorStoreAvailable } from "./retrieve/vector-search";
import { log } from "../observe/log";
import { errorKind } from "../web/log-line";

// The RAG engine as the server holds it (DESIGN.md §8): the database, the embedder, whether the
// vector leg is on, the reranker, the answer cache, and what /api/health says about them.

export type RagHealth = {
  full_text: "bm25-italian";
  /** Whether the vector leg takes part in retrieval (retrieval-stages.ts), and why not. */
  vector_leg: "on" | "off";
  vector_leg_reason?: string;
  /** Whether reranking runs when the settings ask for it, and why not. */
  reranking: "on" | "off";
  reranking_reason?: string;
  /** Whether deduplication runs when the settings ask for it, and why not. */
  deduplication: "on" | "off";
  deduplication_reason?: string;
  embedder: { name: string; kind: "remote" | "local-lexical"; dimensions: number };
  reranker: { name: string; kind: "remote-cross-encoder" | "local-feature-scorer" };
};

const NO_PGVECTOR = "pgvector non è installato in questo PostgreSQL: la ricerca usa solo il full-text.";
const LOCAL_EMBEDDER_OFF =
  "L'embedder locale è lessicale (n-grammi di caratteri), non semantico: fuso con BM25 peggiora la ricerca sui dati di valutazione, quindi la ricerca usa BM25. Un modello semantico (EMBEDDINGS_BASE_URL) accende la via vettoriale.";
const LEXICAL_DEDUPLICATION_OFF =
  "La deduplicazione può solo togliere passaggi: sui dati di valutazione ha tolto risposte giuste (paragrafi quasi identici in documenti diversi), quindi resta spenta; i passaggi di un documento sono comunque raggruppati.";
const LOCAL_RERANKER_OFF =
  "Il reranker locale è un punteggio lessicale, non un cross-encoder: peggiora l'ordine di BM25 sui dati di valutazione, quindi resta spento. Un cross-encoder (RERANKER_BASE_URL) accende il reranking.";

export type RagEngine = RetrievalEngine & {
  cache: AnswerCache;
  health(): RagHealth;
};

export function createEmbedder(env: Env): Embedder {
  return env.rag.embeddings ? remoteEmbedder(env.rag.embeddings) : localEmbedder();
}

export function createReranker(env: Env): Reranker {
  return env.rag.reranker ? remoteReranker(env.rag.reranker) : localReranker();
}

/**
 * Opens the engine on a migrated database. The vector leg is on where pgvector is installed and
 * the embedder earned it (retrieval-stages.ts): offline, no vector is computed or stored at all
 * (ingestion is faster, and a semantic embedder configured later fills every chunk's vector).
 */
export async function openRagEngine(
  db: Database,
  env: Env,
  options: { demo?: boolean; log?: (line: string) => void } = {},
): Promise<RagEngine> {
  const embedder = createEmbedder(env);
  const reranker = createReranker(env);
  const pgvector = await vectorStoreAvailable(db);
  const vectors = pgvector && vectorLegEarned({ vectors: true, embedder, reranker });
  if (vectors) await ensureVectorIndex(db, embedder);
  const engine: RagEngine = {
    db,
    embedder,
    vectors,
    reranker,
    cache: createAnswerCache(),
    health: () => ({
      full_text: "bm25-italian",
      vector_leg: vectorLegEarned(engine) ? "on" : "off",
      ...(vectorLegEarned(engine) ? {} : { vector_leg_reason: pgvector ? LOCAL_EMBEDDER_OFF : NO_PGVECTOR }),
      reranking: rerankEarned(engine) ? "on" : "off",
      ...(rerankEarned(engine) ? {} : { reranking_reason: LOCAL_RERANKER_OFF }),
      deduplication: deduplicationEarned(engine) ? "on" : "off",
      ...(deduplicationEarned(engine) ? {} : { deduplication_reason: LEXICAL_DEDUPLICATION_OFF }),
      embedder: { name: embedder.name, kind: embedder.semantic ? "remote" : "local-lexical", dimensions: embedder.dimensions },
      reranker: { name: reranker.name, kind: env.rag.reranker ? "remote-cross-encoder" : "local-feature-scorer" },
    }),
  };
  if (options.demo !== false) await buildDemoIndex(engine, env.rag.demoDir, options.log);
  if (vectors) {
    // Chunks indexed under another embedder get this one's vectors: at once with the local
    // embedder (milliseconds), in the background with a remote one (the server must not wait).
    const filling = embedMissingChunks(db, embedder).catch((error: unknown) =>
      log.error({ kind: errorKind(error) }, "Embedding dei passaggi mancanti non riuscito"),
    );
    if (!embedder.semantic) await filling;
  }
  // The first question on a large index should not wait for its postings to be copied.
  if (options.demo !== false)
    void copyLargeIndexes(db).catch((error: unknown) =>
      log.error({ kind: errorKind(error) }, "Copia in memoria degli indici non riuscita"),
    );
  return engine;
}
