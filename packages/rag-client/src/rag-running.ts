import type { Health } from "@oystar/api-client";
import { ragMessages } from "./messages";
import type { RagSettings } from "./rag-settings";

// Issue 23 §6: what the RAG actually runs, as GET /api/health says, beside what the settings ask
// for when the two differ — the settings may name bge-m3 while the local lexical embedder runs,
// or a model while the offline one answers.

export type RunningPart = {
  /** What runs. */
  running: string;
  /** What the settings ask for, when it is not what runs; null when they agree. */
  asked: string | null;
};

export type RagRunning = { embedder: RunningPart; reranker: RunningPart; model: RunningPart };

const text = ragMessages.running;
const part = (running: string, asked: string): RunningPart => ({ running, asked: asked === running ? null : asked });

/** What runs, from the server's health and the settings; null while the health is unknown. */
export function ragRunning(health: Health | null | undefined, settings: Pick<RagSettings, "rag_embed_model" | "rag_use_reranker" | "rag_llm_model">): RagRunning | null {
  const rag = health?.rag;
  if (!health || !rag) return null;
  const embedder = rag.embedder.kind === "local-lexical" ? text.localLexical : rag.embedder.name;
  const reranker = rag.reranker.kind === "local-feature-scorer" ? text.localLexical : rag.reranker.name;
  // The engine reranks only where the settings ask for it and reranking was shown to help.
  const reranking = settings.rag_use_reranker && rag.reranking !== "off";
  const model = health.model?.offline ? text.offline(health.model.name ?? "oystar-offline") : settings.rag_llm_model;
  return {
    embedder: part(embedder, settings.rag_embed_model),
    reranker: {
      running: reranking ? text.on(reranker) : text.off,
      asked: reranking === settings.rag_use_reranker ? null : settings.rag_use_reranker ? text.askedOn : text.off,
    },
    model: part(model, settings.rag_llm_model),
  };
}
