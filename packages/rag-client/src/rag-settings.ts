import { defaultSettings, type Settings } from "@oystar/api-client";

// spec 001 §3, §6, §9: the RAG configuration is the admin's (the `rag_*` keys of the global
// settings), read-only for customers.

type RagKey = Extract<keyof Settings, `rag_${string}`>;

/** The part of the global settings the RAG reads. */
export type RagSettings = Pick<Settings, RagKey>;

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

/**
 * spec 001 §3: the read-only configuration view, as the panel shows it. `indexNames` empty means
 * every index (the panel says so).
 */
export type RagConfigurationView = {
  embedModel: string;
  topKRetrieval: number;
  topKReranker: number;
  useReranker: boolean;
  useFusedRetrieval: boolean;
  enableSpellCheck: boolean;
  useFieldExtraction: boolean;
  useMultiQuery: boolean;
  maxQueryVariations: number;
  useHyde: boolean;
  useDeduplication: boolean;
  useCache: boolean;
  cacheTtlSeconds: number;
  enableCitationValidation: boolean;
  semanticThreshold: number;
  confidenceThreshold: number;
  adaptiveValidation: boolean;
  indexNames: string[];
  systemPrompt: string;
  chatHistoryMaxTokens: number;
};

export function configurationView(settings: RagSettings): RagConfigurationView {
  return {
    embedModel: settings.rag_embed_model,
    topKRetrieval: settings.rag_top_k_retrieval,
    topKReranker: settings.rag_top_k_reranker_final,
    useReranker: settings.rag_use_reranker,
    useFusedRetrieval: settings.rag_use_fused_retrieval,
    enableSpellCheck: settings.rag_enable_spell_check,
    useFieldExtraction: settings.rag_use_field_extraction,
    useMultiQuery: settings.rag_use_multi_query,
    maxQueryVariations: settings.rag_max_query_variations,
    useHyde: settings.rag_use_hyde,
    useDeduplication: settings.rag_use_deduplication,
    useCache: settings.rag_use_cache,
    cacheTtlSeconds: settings.rag_cache_ttl_seconds,
    enableCitationValidation: settings.rag_enable_citation_validation,
    semanticThreshold: settings.rag_semantic_threshold,
    confidenceThreshold: settings.rag_confidence_threshold,
    adaptiveValidation: settings.rag_adaptive_validation,
    indexNames: [...settings.rag_index_names],
    systemPrompt: settings.rag_system_prompt,
    chatHistoryMaxTokens: settings.rag_chat_history_max_tokens,
  };
}
