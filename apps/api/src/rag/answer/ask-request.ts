import { RAG_MODELS, ragOptionsOf, withRequestKnobs, type RagHistoryMessage, type RagOptions, type Settings } from "@oystar/api-client";
import type { z } from "zod";
import type { ragAskRequestSchema } from "@oystar/api-client";
import type { AskPlan } from "./ask-pipeline";
import type { ValidationSettings } from "./citation-validation";
import { cutHistory } from "./rag-prompt";
import { mayUse, type RagIndex } from "../rag-store";

// A RAG request as the engine runs it: every knob the request leaves out is the admin's global
// setting (spec 001 §3, §6: the RAG configuration is set by the admin).

export type ParsedAsk = z.output<typeof ragAskRequestSchema>;

export type ResolvedAsk = {
  plan: AskPlan;
  cache: { ttlSeconds: number } | null;
  /** Everything the answer depends on besides the indexes (the cache key's inputs). */
  cacheInputs: unknown;
};

/** Some of a settings object's entries, by their names in code. */
function pick<Name extends keyof RagOptions>(options: RagOptions, names: readonly Name[]): Pick<RagOptions, Name> {
  return Object.fromEntries(names.map((name) => [name, options[name]])) as Pick<RagOptions, Name>;
}

/**
 * How a question is searched: the request's retrieval knobs over the admin's settings; spell
 * check and field extraction are the settings' alone (spec 001 §3 has no request field for them).
 * The CLI's search and eval pass no request: the settings as they are.
 */
export function searchPlanOf(settings: Settings, request: Partial<ParsedAsk> = {}): Pick<AskPlan, "retrieval" | "understanding"> {
  const asked = ragOptionsOf(withRequestKnobs(settings, request));
  return {
    retrieval: pick(asked, [
      "topKRetrieval",
      "topKReranker",
      "useFusedRetrieval",
      "useReranker",
      "useDeduplication",
      "deduplicationThreshold",
    ]),
    understanding: pick(asked, ["enableSpellCheck", "useFieldExtraction"]),
  };
}

/**
 * How citations are checked (spec 001 §3): the request's thresholds and weights over the admin's
 * settings. A debate's quotes are checked with the settings alone (issue 26 §2).
 */
export function validationSettingsOf(settings: Settings, request: Partial<ParsedAsk> = {}): ValidationSettings {
  const asked = ragOptionsOf(withRequestKnobs(settings, request));
  return pick(asked, [
    "semanticThreshold",
    "confidenceThreshold",
    "mismatchThreshold",
    "adaptiveValidation",
    "validWeight",
    "semanticWeight",
    "entityWeight",
    "wordWeight",
    "textWeight",
  ]);
}

export function resolveAsk(request: ParsedAsk, settings: Settings, historyMaxTokens = settings.rag_chat_history_max_tokens): ResolvedAsk {
  const conversation: RagHistoryMessage[] = request.chat_history ?? [];
  const history = cutHistory(conversation, historyMaxTokens);
  // The settings this one question runs with: every knob the request gives over the admin's.
  const asked = ragOptionsOf(withRequestKnobs(settings, request));
  const plan: AskPlan = {
    question: request.question,
    history,
    conversation,
    llmModel: asked.llmModel,
    // An empty prompt in the request is no prompt: the admin's stands.
    systemPrompt: asked.systemPrompt || settings.rag_system_prompt,
    ...searchPlanOf(settings, request),
    multiQuery: asked.useMultiQuery ? { variations: asked.maxQueryVariations } : null,
    hyde: asked.useHyde,
    validation: asked.enableCitationValidation ? validationSettingsOf(settings, request) : null,
  };
  return {
    plan,
    cache: asked.useCache ? { ttlSeconds: asked.cacheTtlSeconds } : null,
    cacheInputs: { ...plan, embedModel: asked.embedModel },
  };
}

/**
 * The model a request may name (issue 22): one of the RAG's models (spec 001 §9) or the admin's
 * own `rag_llm_model`. It is the operator who pays for the answer, the variations and HyDE.
 */
export function mayAskModel(model: string | undefined, settings: Settings): boolean {
  return model === undefined || model === settings.rag_llm_model || (RAG_MODELS as readonly string[]).includes(model);
}

export type IndexChoice = { ok: true; indexes: RagIndex[] } | { ok: false; forbidden: string } | { ok: false; none: true };

/**
 * The indexes to search. Named in the request: each must be one the caller may use (another
 * customer's index and a missing one get the same refusal, so names cannot be probed). From
 * the settings: those of them the caller may use. Neither: every index the caller may use.
 */
export function chooseIndexes(
  requested: readonly string[] | undefined,
  fromSettings: readonly string[],
  usable: readonly RagIndex[],
  userId: string,
): IndexChoice {
  const byName = new Map(usable.map((index) => [index.name, index]));
  if (requested && requested.length > 0) {
    const chosen: RagIndex[] = [];
    for (const name of new Set(requested)) {
      const index = byName.get(name);
      if (!index || !mayUse(index, userId)) return { ok: false, forbidden: name };
      chosen.push(index);
    }
    return { ok: true, indexes: chosen };
  }
  const configured = fromSettings.flatMap((name) => byName.get(name) ?? []);
  const indexes = configured.length > 0 ? configured : [...usable];
  return indexes.length > 0 ? { ok: true, indexes } : { ok: false, none: true };
}
