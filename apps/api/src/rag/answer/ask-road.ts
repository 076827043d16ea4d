import { ragAskRequestSchema } from "@oystar/api-client";
import type { Env, Upstream } from "../../env";
import { questionCalls } from "../../llm/model-answer";
import { createModelProviders, type ModelProviders } from "../../llm/model-providers";
import { readSettings } from "../../settings/settings-store";
import type { RagEngine } from "../rag-engine";
import type { RagIndex } from "../rag-store";
import type { Passage } from "../retrieve/retrieval";
import type { Understanding } from "../retrieve/understand-question";
import { findPassages, type AskContext, type SearchPlan } from "./ask-pipeline";
import { resolveAsk, searchPlanOf } from "./ask-request";

// The road /api/ask-stream takes, assembled in ONE place (issue 53 §1): the route (rag-routes.ts),
// the engine's front door (rag/engine.ts), the CLI (`pnpm rag search`, `eval`, `abstention`) and
// `pnpm bench rag` (issue 32 §3) all run it, so what they measure is what is served.

/**
 * What a question runs with: the engine, the model's calls on the gateway's road (the admin's
 * model server; null for the offline model) and the offline model's speed.
 */
export function askContext(engine: RagEngine, upstream: Upstream | null, llm: Env["llm"], requestId?: string): AskContext {
  return {
    engine,
    model: upstream ? questionCalls(upstream, llm.firstTokenTimeoutMs, requestId) : null,
    offlineCharsPerSecond: llm.offlineCharsPerSecond,
  };
}

export type ProductRoad = {
  context: AskContext;
  /** How many passages an answer reads (the settings' final top-K). */
  answerReads: number;
  searchPlan(question: string, passages?: number): SearchPlan;
};

/**
 * The road as a request that gives only its question takes it: the admin's settings, the admin's
 * model server (the offline model when none), the same entry point (findPassages) and the same
 * engine — with its copy of each index in memory. The one knob a measure may turn is the depth:
 * recall@10 needs ten distinct documents, more than an answer reads. `understanding`: what
 * `pnpm rag eval --spell-check` / `--field-extraction` turn on over the settings.
 */
export async function productRoad(
  engine: RagEngine,
  env: Env,
  understanding: Partial<Understanding> = {},
  models: ModelProviders = createModelProviders(engine.db, env.llm),
): Promise<ProductRoad> {
  const settings = (await readSettings(engine.db)).data;
  return {
    // No charge here: `asked` is not read.
    context: askContext(engine, await models.upstream(), env.llm),
    answerReads: searchPlanOf(settings).retrieval.topKReranker,
    searchPlan(question, passages) {
      const resolved = resolveAsk(ragAskRequestSchema.parse({ question }), settings).plan;
      const plan = { ...resolved, understanding: { ...resolved.understanding, ...understanding } };
      if (passages === undefined) return plan;
      return {
        ...plan,
        retrieval: { ...plan.retrieval, topKReranker: passages, topKRetrieval: Math.max(plan.retrieval.topKRetrieval, passages) },
      };
    },
  };
}

/** The passages `question` finds in `indexes` on the product's road: as many as an answer reads, or `passages`. */
export function roadPassages(
  road: ProductRoad,
  indexes: readonly RagIndex[],
  question: string,
  passages?: number,
): Promise<{ question: string; passages: Passage[] }> {
  return findPassages(road.context, indexes, road.searchPlan(question, passages), new AbortController().signal);
}
