import { RAG_MAX_HISTORY_CHARS, RAG_MAX_HISTORY_MESSAGES, type RagAskRequest, type RagHistoryMessage } from "@oystar/api-client";
import { requestIndexNames } from "./index-choice";
import type { RagMessage } from "./rag-conversation";
import type { RagSettings } from "./rag-settings";

export type RagRequestInput = {
  question: string;
  settings: RagSettings;
  /** The conversation so far: what the server measures (context usage) and cuts to the history budget. */
  messages: readonly RagMessage[];
  /** The model chosen in the advanced panel; the admin's when none. */
  model?: string;
  /** The indexes the user may use (GET /api/indices/list); null while unknown. */
  usableIndexes?: readonly string[] | null;
};

/**
 * The conversation as history: questions, answers and the summary that replaced older ones —
 * never a quota card or an error. All of it goes (up to the server's bounds): the server cuts it
 * to `chat_history_max_tokens` for the model and measures context usage on the whole of it.
 */
export function historyOf(messages: readonly RagMessage[]): RagHistoryMessage[] {
  return messages
    .filter((message) => !message.card && message.kind !== "error" && message.content.trim() !== "")
    .slice(-RAG_MAX_HISTORY_MESSAGES)
    .map((message) => ({ role: message.role, content: message.content.slice(0, RAG_MAX_HISTORY_CHARS) }));
}

/** spec 001 §3, §7: POST /api/ask-stream with every RAG request field, from the admin's settings. */
export function buildRagRequest({ question, settings, messages, model, usableIndexes = null }: RagRequestInput): RagAskRequest {
  return {
    question: question.trim(),
    embed_model: settings.rag_embed_model,
    llm_model: model ?? settings.rag_llm_model,
    index_names: requestIndexNames(settings.rag_index_names, usableIndexes),
    top_k_retrieval_per_index: settings.rag_top_k_retrieval,
    top_k_reranker_final: settings.rag_top_k_reranker_final,
    use_reranker: settings.rag_use_reranker,
    use_fused_retrieval: settings.rag_use_fused_retrieval,
    use_multi_query: settings.rag_use_multi_query,
    use_hyde: settings.rag_use_hyde,
    max_query_variations: settings.rag_max_query_variations,
    use_deduplication: settings.rag_use_deduplication,
    deduplication_threshold: settings.rag_deduplication_threshold,
    use_cache: settings.rag_use_cache,
    cache_ttl_seconds: settings.rag_cache_ttl_seconds,
    system_prompt: settings.rag_system_prompt,
    chat_history: historyOf(messages),
    enable_citation_validation: settings.rag_enable_citation_validation,
    semantic_threshold: settings.rag_semantic_threshold,
    confidence_threshold: settings.rag_confidence_threshold,
    mismatch_threshold: settings.rag_mismatch_threshold,
    adaptive_validation: settings.rag_adaptive_validation,
    valid_weight: settings.rag_valid_weight,
    semantic_weight: settings.rag_semantic_weight,
    entity_weight: settings.rag_entity_weight,
    word_weight: settings.rag_word_weight,
    text_weight: settings.rag_text_weight,
  };
}
