import { z } from "./zod";

// spec 001 §9: the models the product lists, and the two that chat and debate may select.
export const LISTED_MODELS = [
  "llama-3.1-8b-instant",
  "llama-3.3-70b-versatile",
  "mixtral-8x7b-32768",
  "gemma-7b-it",
  "openai/gpt-oss-120b",
  "openai/gpt-oss-20b",
  "meta-llama/llama-guard-4-12b",
] as const;

export const SELECTABLE_CHAT_MODELS = ["openai/gpt-oss-120b", "openai/gpt-oss-20b"] as const;
export type ChatModel = (typeof SELECTABLE_CHAT_MODELS)[number];

/**
 * spec 001 §9, RAG defaults: "LLM model openai/gpt-oss-120b … Model choices also llama 3.3 70B,
 * llama 3.1 8B, mixtral 8x7b, gemma 7b". A RAG request may name one of these, or the admin's own
 * `rag_llm_model`; the server refuses any other (it is the operator who pays for the call).
 */
export const RAG_MODELS = [
  "openai/gpt-oss-120b",
  "openai/gpt-oss-20b",
  "llama-3.3-70b-versatile",
  "llama-3.1-8b-instant",
  "mixtral-8x7b-32768",
  "gemma-7b-it",
] as const satisfies ReadonlyArray<(typeof LISTED_MODELS)[number]>;
export type RagModel = (typeof RAG_MODELS)[number];

/**
 * issue 26 §1: the models that may judge a debate — those a RAG answer may use (every listed model
 * but the safety classifier). The admin picks one; by default one that is neither debater.
 */
export const DEBATE_JUDGE_MODELS = RAG_MODELS;
export type DebateJudgeModel = (typeof DEBATE_JUDGE_MODELS)[number];

/**
 * A judge that argued in the debate is not impartial (Liang et al. 2023): the first judge model,
 * in this order of preference, that is neither side's — or, when both sides leave none, the first.
 */
const JUDGE_PREFERENCE: readonly DebateJudgeModel[] = [
  "llama-3.3-70b-versatile",
  "openai/gpt-oss-120b",
  "openai/gpt-oss-20b",
  "mixtral-8x7b-32768",
  "llama-3.1-8b-instant",
  "gemma-7b-it",
];
export const judgeModelBeside = (sides: readonly string[]): DebateJudgeModel =>
  JUDGE_PREFERENCE.find((model) => !sides.includes(model)) ?? (JUDGE_PREFERENCE[0] as DebateJudgeModel);

export const DEFAULT_MODEL: ChatModel = "openai/gpt-oss-120b";
export const DEFAULT_PROVIDER = "cloud" as const;

/** GET /groq/models: the OpenAI-style list the gateway serves (only the models listed above). */
export const modelListSchema = z.looseObject({
  data: z.array(z.looseObject({ id: z.string(), offline: z.boolean().optional() })),
});
export type ModelList = z.infer<typeof modelListSchema>;

export type ChatModelChoices = { models: ChatModel[]; offline: false } | { models: []; offline: true };

const isChatModel = (id: string): id is ChatModel => (SELECTABLE_CHAT_MODELS as readonly string[]).includes(id);

/**
 * What the chat's model selector offers (spec 001 §5, §7): the server's models that chat may
 * select — for the cloud provider only names starting with openai/ — or, when the server answers
 * with its offline model, that one alone. Without an answer (or with none of them served) the
 * spec's own list, which the gateway checks anyway.
 */
export function chatModelChoices(list: ModelList | null): ChatModelChoices {
  if (list?.data.some((model) => model.offline)) return { models: [], offline: true };
  const served = (list?.data ?? []).map((model) => model.id).filter((id): id is ChatModel => id.startsWith("openai/") && isChatModel(id));
  return { models: served.length > 0 ? served : [...SELECTABLE_CHAT_MODELS], offline: false };
}
