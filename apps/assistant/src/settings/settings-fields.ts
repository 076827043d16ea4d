import { LISTED_MODELS, SELECTABLE_CHAT_MODELS, type Settings } from "@oystar/api-client";

// The global settings form of spec 001 §2 and §5: its sections, fields, bounds and when each
// field shows. The server checks the same bounds (settingsUpdateSchema); this only draws them.

type Key = keyof Settings;
type KeyOf<Value> = { [K in Key]: Settings[K] extends Value ? K : never }[Key];

export type SettingsField =
  | { kind: "choice"; key: KeyOf<string>; label: string; options: (settings: Settings) => ReadonlyArray<{ value: string; label: string }> }
  | { kind: "range"; key: KeyOf<number>; label: string; min: number; max: number; step: number; unit?: string }
  | { kind: "number"; key: KeyOf<number>; label: string; min: number; max: number; step: number; unit?: string }
  | { kind: "flag"; key: KeyOf<boolean>; label: string }
  | { kind: "text"; key: KeyOf<string>; label: string }
  | { kind: "prompt"; key: KeyOf<string>; label: string }
  | { kind: "list"; key: KeyOf<string[]>; label: string; hint: string };

export type SettingsSection = {
  title: string;
  fields: ReadonlyArray<SettingsField & { shownWhen?: (settings: Settings) => boolean }>;
};

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
/** spec 001 §5: chat and debate may only use the two gpt-oss models. */
const chatModels = () => asOptions(SELECTABLE_CHAT_MODELS);
/** spec 001 §5: for the cloud provider the model list is filtered to names starting with openai/. */
const ragModels = (settings: Settings) =>
  asOptions(settings.rag_provider === "cloud" ? LISTED_MODELS.filter((model) => model.startsWith("openai/")) : LISTED_MODELS);

const validating = (settings: Settings) => settings.rag_enable_citation_validation;

export const settingsSections: readonly SettingsSection[] = [
  {
    title: "Chat AI",
    fields: [{ kind: "choice", key: "pigna_ai_model", label: "Modello predefinito", options: chatModels }],
  },
  {
    title: "Dibattito",
    fields: [
      { kind: "range", key: "debate_length", label: "Lunghezza predefinita", min: 6, max: 200, step: 1, unit: "turni" },
      { kind: "choice", key: "debate_model_a", label: "Modello A", options: chatModels },
      { kind: "choice", key: "debate_model_b", label: "Modello B", options: chatModels },
      { kind: "flag", key: "debate_auto_mode", label: "Modalità automatica" },
    ],
  },
  {
    title: "RAG",
    fields: [
      {
        kind: "choice",
        key: "rag_provider",
        label: "Provider",
        options: () => [
          { value: "cloud", label: "Private Cloud" },
          { value: "vm", label: "Server locale (VM)" },
        ],
      },
      { kind: "text", key: "rag_embed_model", label: "Modello di embedding" },
      { kind: "choice", key: "rag_llm_model", label: "Modello LLM", options: ragModels },
      { kind: "list", key: "rag_index_names", label: "Indici", hint: "Nomi separati da virgola; vuoto = tutti gli indici." },
      { kind: "number", key: "rag_top_k_retrieval", label: "Top-K retrieval", min: 1, max: 100, step: 1 },
      { kind: "number", key: "rag_top_k_reranker_final", label: "Top-K reranker", min: 1, max: 20, step: 1 },
      { kind: "flag", key: "rag_use_reranker", label: "Reranker" },
      { kind: "flag", key: "rag_use_fused_retrieval", label: "Fused retrieval" },
      { kind: "flag", key: "rag_use_multi_query", label: "Multi-query" },
      {
        kind: "number",
        key: "rag_max_query_variations",
        label: "Variazioni della domanda",
        min: 1,
        max: 10,
        step: 1,
        shownWhen: (settings) => settings.rag_use_multi_query,
      },
      { kind: "flag", key: "rag_use_hyde", label: "HyDE" },
      { kind: "flag", key: "rag_use_deduplication", label: "Deduplicazione" },
      {
        kind: "range",
        key: "rag_deduplication_threshold",
        label: "Soglia di deduplicazione",
        min: 0.1,
        max: 1,
        step: 0.1,
        shownWhen: (settings) => settings.rag_use_deduplication,
      },
      { kind: "flag", key: "rag_use_cache", label: "Cache" },
      {
        kind: "number",
        key: "rag_cache_ttl_seconds",
        label: "Durata della cache",
        min: 60,
        max: 86400,
        step: 1,
        unit: "secondi",
        shownWhen: (settings) => settings.rag_use_cache,
      },
      { kind: "flag", key: "rag_enable_spell_check", label: "Controllo ortografico" },
      { kind: "flag", key: "rag_use_field_extraction", label: "Estrazione dei campi" },
      { kind: "prompt", key: "rag_system_prompt", label: "Prompt di sistema" },
      { kind: "flag", key: "rag_enable_citation_validation", label: "Validazione delle citazioni" },
      { kind: "range", key: "rag_semantic_threshold", label: "Soglia semantica", min: 0.01, max: 1, step: 0.01, shownWhen: validating },
      { kind: "range", key: "rag_confidence_threshold", label: "Soglia di confidenza", min: 0.01, max: 1, step: 0.01, shownWhen: validating },
      {
        kind: "range",
        key: "rag_mismatch_threshold",
        label: "Quota massima di citazioni errate",
        min: 0.1,
        max: 1,
        step: 0.05,
        shownWhen: validating,
      },
      { kind: "flag", key: "rag_adaptive_validation", label: "Validazione adattiva", shownWhen: validating },
      { kind: "range", key: "rag_valid_weight", label: "Peso validità", min: 0, max: 1, step: 0.1, shownWhen: validating },
      { kind: "range", key: "rag_semantic_weight", label: "Peso semantico", min: 0, max: 1, step: 0.1, shownWhen: validating },
      { kind: "range", key: "rag_entity_weight", label: "Peso entità", min: 0, max: 1, step: 0.1, shownWhen: validating },
      { kind: "range", key: "rag_word_weight", label: "Peso parole", min: 0, max: 1, step: 0.1, shownWhen: validating },
      { kind: "range", key: "rag_text_weight", label: "Peso testo", min: 0, max: 1, step: 0.1, shownWhen: validating },
      {
        kind: "range",
        key: "rag_chat_history_max_tokens",
        label: "Token massimi di cronologia",
        min: 1000,
        max: 32000,
        step: 1000,
        unit: "token",
      },
    ],
  },
];

/** "contratti, bilanci ,," → ["contratti", "bilanci"]: the index list as the admin types it. */
export function parseIndexNames(text: string): string[] {
  return text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * Switching the provider to cloud may leave a non-openai RAG model selected; it falls back to the
 * first model the cloud offers, as the list shown does.
 */
export function withProvider(settings: Settings, provider: Settings["rag_provider"]): Settings {
  const next = { ...settings, rag_provider: provider };
  const models = ragModels(next).map((option) => option.value);
  return models.includes(next.rag_llm_model) ? next : { ...next, rag_llm_model: models[0] ?? next.rag_llm_model };
}
