import { OFFLINE_MODEL_LABEL, type Health } from "@oystar/api-client";
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
export function ragRunning(
  health: Health | null | undefined,
  settings: Pick<RagSettings, "rag_embed_model" | "rag_use_reranker" | "rag_llm_model">,
  /** Issue 52 §4: the model the user's questions go to (the advanced panel's choice), when it is not the settings'. */
  chosenModel: string = settings.rag_llm_model,
): RagRunning | null {
  const rag = health?.rag;
  if (!health || !rag) return null;
  const embedder = rag.embedder.kind === "local-lexical" ? text.localLexical : rag.embedder.name;
  const reranker = rag.reranker.kind === "local-feature-scorer" ? text.localLexical : rag.reranker.name;
  // The engine reranks only where the settings ask for it and reranking was shown to help.
  const reranking = settings.rag_use_reranker && rag.reranking !== "off";
  // issue 36 §1: the offline model by its label, never by its id.
  const model = health.model?.offline ? OFFLINE_MODEL_LABEL : chosenModel;
  return {
    embedder: part(embedder, settings.rag_embed_model),
    reranker: {
      running: reranking ? text.on(reranker) : text.off,
      asked: reranking === settings.rag_use_reranker ? null : settings.rag_use_reranker ? text.askedOn : text.off,
    },
    model: part(model, settings.rag_llm_model),
  };
}

/** The settings' switches for stages that need something the server may not have. */
export type StageSetting =
  "rag_use_fused_retrieval" | "rag_use_reranker" | "rag_use_deduplication" | "rag_use_multi_query" | "rag_use_hyde";

/**
 * Issue 36 §2: the stages this server cannot run, each with why, from GET /api/health. The admin's
 * panel shows them off and disabled with the reason — never on with 'In uso: Disattivo'. Empty
 * while the health is unknown: then the settings are shown as they are.
 */
export function stagesThatCannotRun(health: Health | null | undefined): Partial<Record<StageSetting, string>> {
  const rag = health?.rag;
  const off: Partial<Record<StageSetting, string>> = {};
  if (rag?.vector_leg === "off") off.rag_use_fused_retrieval = rag.vector_leg_reason ?? text.cannotRun;
  if (rag?.reranking === "off") off.rag_use_reranker = rag.reranking_reason ?? text.cannotRun;
  if (rag?.deduplication === "off") off.rag_use_deduplication = rag.deduplication_reason ?? text.cannotRun;
  // Multi-query and HyDE ask the model for text: the offline model writes none (ask-pipeline skips them).
  if (health?.model?.offline) {
    off.rag_use_multi_query = text.needsModel;
    off.rag_use_hyde = text.needsModel;
  }
  return off;
}
