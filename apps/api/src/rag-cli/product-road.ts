import { ragAskRequestSchema } from "@oystar/api-client";
import { readSettings } from "../settings/settings-store";
import { questionCalls } from "../llm/model-answer";
import { createModelProviders } from "../llm/model-providers";
import type { Env } from "../env";
import { findPassages, type AskContext, type SearchPlan } from "../rag/answer/ask-pipeline";
import { resolveAsk, searchPlanOf } from "../rag/answer/ask-request";
import type { RagEngine } from "../rag/rag-engine";
import type { RagIndex } from "../rag/rag-store";
import type { Passage } from "../rag/retrieve/retrieval";
import type { Understanding } from "../rag/retrieve/understand-question";

// The road /api/ask-stream takes to its passages, for the CLI (`pnpm rag search`, `eval`,
// `abstention`) and `pnpm bench rag` (issue 32 §3): what they measure must be what is served. The
// same settings (the admin's, resolved as for a request that gives only its question), the same
// model server (the admin's provider choice; the offline model when none), the same entry point
// (findPassages) and the same engine — with its copy of each index in memory. The one knob a
// measure may turn is the depth: recall@10 needs ten distinct documents, more than an answer reads.

export type ProductRoad = {
  context: AskContext;
  /** How many passages an answer reads (the settings' final top-K). */
  answerReads: number;
  searchPlan(question: string, passages?: number): SearchPlan;
};

/** `understanding`: what `pnpm rag eval --spell-check` / `--field-extraction` turn on over the settings. */
export async function productRoad(
  cli: { db: RagEngine["db"]; env: Env; engine: RagEngine },
  understanding: Partial<Understanding> = {},
): Promise<ProductRoad> {
  const settings = (await readSettings(cli.db)).data;
  const upstream = await createModelProviders(cli.db, cli.env.llm).upstream();
  return {
    // The model's calls on the gateway's road, as a request's (no charge here: `asked` is not read).
    context: {
      engine: cli.engine,
      model: upstream ? questionCalls(upstream, cli.env.llm.firstTokenTimeoutMs) : null,
      offlineCharsPerSecond: cli.env.llm.offlineCharsPerSecond,
    },
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
