import { defaultSettings, ragOptionsOf, type RagOptions, type RagSettingKey, type Settings } from "@oystar/api-client";

// spec 001 §3, §6, §9: the RAG configuration is the admin's (the `rag_*` keys of the global
// settings), read-only for customers.

/** The part of the global settings the RAG reads. */
export type RagSettings = Pick<Settings, RagSettingKey>;

/** The RAG keys of a full settings object (what GET /api/settings gives every module). */
export function ragSettingsOf(settings: Settings | RagSettings): RagSettings {
  return Object.fromEntries(Object.entries(settings).filter(([key]) => key.startsWith("rag_"))) as RagSettings;
}

/**
 * spec 001 §9, "RAG defaults (client)": what the RAG uses until the admin's settings are read.
 * They are the settings form's defaults except where the spec gives the client its own (reranker
 * top-K 7 and off, fused retrieval off, thresholds 0.15 / 0.25 / 0.8). The spec's default index is
 * a hash; here no index named means every index the user may use.
 */
export const RAG_CLIENT_DEFAULTS: RagSettings = {
  ...ragSettingsOf(defaultSettings),
  rag_top_k_reranker_final: 7,
  rag_use_reranker: false,
  rag_use_fused_retrieval: false,
  rag_semantic_threshold: 0.15,
  rag_confidence_threshold: 0.25,
  rag_mismatch_threshold: 0.8,
};

/** spec 001 §3: the read-only configuration view's fields, under the settings' names in code (RAG_KNOBS). */
const CONFIGURATION_VIEW_FIELDS = [
  "embedModel",
  "topKRetrieval",
  "topKReranker",
  "useReranker",
  "useFusedRetrieval",
  "enableSpellCheck",
  "useFieldExtraction",
  "useMultiQuery",
  "maxQueryVariations",
  "useHyde",
  "useDeduplication",
  "useCache",
  "cacheTtlSeconds",
  "enableCitationValidation",
  "semanticThreshold",
  "confidenceThreshold",
  "adaptiveValidation",
  "indexNames",
  "systemPrompt",
  "chatHistoryMaxTokens",
] as const satisfies ReadonlyArray<keyof RagOptions>;

/**
 * spec 001 §3: the read-only configuration view, as the panel shows it. `indexNames` empty means
 * every index (the panel says so).
 */
export type RagConfigurationView = Pick<RagOptions, (typeof CONFIGURATION_VIEW_FIELDS)[number]>;

export function configurationView(settings: RagSettings): RagConfigurationView {
  const options = ragOptionsOf(settings);
  return Object.fromEntries(CONFIGURATION_VIEW_FIELDS.map((field) => [field, options[field]])) as RagConfigurationView;
}
