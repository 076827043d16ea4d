// spec 001 §2 (the panel's fields), §5 (bounds and steps): one table for every global setting,
// read by the zod schema (the server's check) and by the admin's form (its labels, sliders and
// number boxes). A label names its field in the form and in the errors about it: in Italian, with
// the technical term in parentheses where a professional would look for it (issue 27 §4).

export type NumberFacts = { label: string; min: number; max: number; step: number; unit?: string };
export type TextFacts = { label: string; maxLength: number };
export type LabelFacts = { label: string };

export const SETTINGS_FIELDS = {
  pigna_ai_model: { label: "Modello predefinito" },
  // Not shown in the panel (spec 001 §2): the chat's presets keep these.
  pigna_ai_temperature: { label: "Temperatura AI", min: 0, max: 2, step: 0.1 },
  pigna_ai_max_tokens: { label: "Token massimi AI", min: 1, max: 8000, step: 1 },
  debate_length: { label: "Lunghezza predefinita", min: 6, max: 200, step: 1, unit: "turni" },
  debate_auto_mode: { label: "Modalità automatica" },
  debate_model_a: { label: "Modello A" },
  debate_model_b: { label: "Modello B" },
  debate_judge_model: { label: "Modello giudice" },
  rag_embed_model: { label: "Modello dei vettori (embedding)", maxLength: 200 },
  rag_llm_model: { label: "Modello linguistico (LLM)", maxLength: 200 },
  rag_index_names: { label: "Indici", maxLength: 200 },
  rag_top_k_retrieval: { label: "Passaggi cercati per indice (top-K retrieval)", min: 1, max: 100, step: 1 },
  rag_top_k_reranker_final: { label: "Passaggi tenuti dopo il riordino (top-K reranker)", min: 1, max: 20, step: 1 },
  rag_use_reranker: { label: "Riordino dei passaggi (reranker)" },
  rag_use_fused_retrieval: { label: "Ricerca combinata (fused retrieval)" },
  rag_use_multi_query: { label: "Più formulazioni della domanda (multi-query)" },
  rag_use_hyde: { label: "Ricerca con una risposta ipotetica (HyDE)" },
  rag_max_query_variations: { label: "Numero massimo di formulazioni", min: 1, max: 10, step: 1 },
  rag_use_deduplication: { label: "Deduplicazione" },
  rag_deduplication_threshold: { label: "Soglia di deduplicazione", min: 0.1, max: 1, step: 0.1 },
  rag_use_cache: { label: "Memoria delle risposte (cache)" },
  rag_cache_ttl_seconds: { label: "Durata della memoria delle risposte (TTL)", min: 60, max: 86400, step: 1, unit: "secondi" },
  rag_system_prompt: { label: "Istruzioni di sistema (system prompt)", maxLength: 8000 },
  rag_provider: { label: "Server del modello (provider)" },
  rag_enable_citation_validation: { label: "Validazione delle citazioni" },
  rag_enable_spell_check: { label: "Controllo ortografico" },
  rag_use_field_extraction: { label: "Estrazione dei campi" },
  rag_semantic_threshold: { label: "Soglia semantica", min: 0.01, max: 1, step: 0.01 },
  rag_confidence_threshold: { label: "Soglia di confidenza", min: 0.01, max: 1, step: 0.01 },
  // spec 001 §5: the maximum share of wrong citations allowed.
  rag_mismatch_threshold: { label: "Quota massima di citazioni errate", min: 0.1, max: 1, step: 0.05 },
  rag_adaptive_validation: { label: "Validazione adattiva" },
  rag_valid_weight: { label: "Peso validità", min: 0, max: 1, step: 0.1 },
  rag_semantic_weight: { label: "Peso semantico", min: 0, max: 1, step: 0.1 },
  rag_entity_weight: { label: "Peso entità", min: 0, max: 1, step: 0.1 },
  rag_word_weight: { label: "Peso parole", min: 0, max: 1, step: 0.1 },
  rag_text_weight: { label: "Peso testo", min: 0, max: 1, step: 0.1 },
  rag_chat_history_max_tokens: { label: "Token massimi di cronologia", min: 1000, max: 32000, step: 1000, unit: "token" },
} as const satisfies Record<string, NumberFacts | TextFacts | LabelFacts>;

export type SettingsFieldKey = keyof typeof SETTINGS_FIELDS;

/** The settings with a numeric range: a slider or a number box in the form. */
export type BoundedSettingsKey = { [K in SettingsFieldKey]: (typeof SETTINGS_FIELDS)[K] extends NumberFacts ? K : never }[SettingsFieldKey];
