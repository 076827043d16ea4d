import { z } from "zod";
import { storableString } from "./text";
import { SELECTABLE_CHAT_MODELS } from "./models";

// spec 001 §3 (keys), §5 (bounds), §9 (defaults). The `pigna_ai_*` keys keep the product's
// older name (DESIGN.md §2).

const between = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: deve essere un numero` })
    .min(min, `${label}: il valore minimo è ${min}`)
    .max(max, `${label}: il valore massimo è ${max}`);
const wholeBetween = (label: string, min: number, max: number) => between(label, min, max).int(`${label}: deve essere un numero intero`);
const flag = (label: string) => z.boolean({ error: `${label}: deve essere vero o falso` });
const chatModel = (label: string) => z.enum(SELECTABLE_CHAT_MODELS, { error: `${label}: modello non consentito` });
const text = (label: string, max: number) => storableString({ error: `${label}: deve essere un testo` }).max(max, `${label}: testo troppo lungo`);

export const settingsSchema = z.strictObject({
  pigna_ai_model: chatModel("Modello AI"),
  pigna_ai_temperature: between("Temperatura AI", 0, 2),
  pigna_ai_max_tokens: wholeBetween("Token massimi AI", 1, 8000),
  debate_length: wholeBetween("Lunghezza del dibattito", 6, 200),
  debate_auto_mode: flag("Modalità automatica"),
  debate_model_a: chatModel("Modello A"),
  debate_model_b: chatModel("Modello B"),
  rag_embed_model: text("Modello di embedding", 200).min(1),
  rag_llm_model: text("Modello LLM RAG", 200).min(1),
  /** Empty means every index. */
  rag_index_names: z.array(text("Indice", 200).min(1)).max(50),
  rag_top_k_retrieval: wholeBetween("Top-K retrieval", 1, 100),
  rag_top_k_reranker_final: wholeBetween("Top-K reranker", 1, 20),
  rag_use_reranker: flag("Reranker"),
  rag_use_fused_retrieval: flag("Fused retrieval"),
  rag_use_multi_query: flag("Multi-query"),
  rag_use_hyde: flag("HyDE"),
  rag_max_query_variations: wholeBetween("Variazioni della domanda", 1, 10),
  rag_use_deduplication: flag("Deduplicazione"),
  rag_deduplication_threshold: between("Soglia di deduplicazione", 0.1, 1),
  rag_use_cache: flag("Cache"),
  rag_cache_ttl_seconds: wholeBetween("Durata della cache", 60, 86400),
  rag_system_prompt: text("Prompt di sistema", 8000),
  rag_provider: z.enum(["cloud", "vm"], { error: "Provider: valore non consentito" }),
  rag_enable_citation_validation: flag("Validazione delle citazioni"),
  rag_enable_spell_check: flag("Controllo ortografico"),
  rag_use_field_extraction: flag("Estrazione dei campi"),
  rag_semantic_threshold: between("Soglia semantica", 0.01, 1),
  rag_confidence_threshold: between("Soglia di confidenza", 0.01, 1),
  rag_mismatch_threshold: between("Soglia di citazioni errate", 0.1, 1),
  rag_adaptive_validation: flag("Validazione adattiva"),
  rag_valid_weight: between("Peso validità", 0, 1),
  rag_semantic_weight: between("Peso semantico", 0, 1),
  rag_entity_weight: between("Peso entità", 0, 1),
  rag_word_weight: between("Peso parole", 0, 1),
  rag_text_weight: between("Peso testo", 0, 1),
  rag_chat_history_max_tokens: wholeBetween("Token di cronologia", 1000, 32000),
});
export type Settings = z.infer<typeof settingsSchema>;

/** The server validates POST /api/settings with this: every key, every bound, nothing else. */
export const settingsUpdateSchema = settingsSchema;

export const DEFAULT_RAG_SYSTEM_PROMPT =
  "Rispondi in italiano usando soltanto i documenti forniti e cita le fonti con il loro numero tra parentesi quadre. " +
  "Se l'informazione non è presente nei documenti, dillo chiaramente.";

/**
 * Settings-form defaults of spec 001 §9 where it gives them, the RAG client defaults otherwise.
 * Auto mode: the spec has both readings (off in the list, on in one place of the panel);
 * off is chosen so that a debate never runs on without the user asking.
 */
export const defaultSettings: Settings = {
  pigna_ai_model: "openai/gpt-oss-120b",
  pigna_ai_temperature: 0.7,
  pigna_ai_max_tokens: 2000,
  debate_length: 20,
  debate_auto_mode: false,
  debate_model_a: "openai/gpt-oss-120b",
  debate_model_b: "openai/gpt-oss-20b",
  rag_embed_model: "bge-m3",
  rag_llm_model: "openai/gpt-oss-120b",
  rag_index_names: [],
  rag_top_k_retrieval: 45,
  rag_top_k_reranker_final: 6,
  rag_use_reranker: true,
  rag_use_fused_retrieval: true,
  rag_use_multi_query: false,
  rag_use_hyde: false,
  rag_max_query_variations: 3,
  rag_use_deduplication: true,
  rag_deduplication_threshold: 0.9,
  rag_use_cache: true,
  rag_cache_ttl_seconds: 3600,
  rag_system_prompt: DEFAULT_RAG_SYSTEM_PROMPT,
  rag_provider: "cloud",
  rag_enable_citation_validation: true,
  rag_enable_spell_check: false,
  rag_use_field_extraction: false,
  rag_semantic_threshold: 0.4,
  rag_confidence_threshold: 0.6,
  rag_mismatch_threshold: 0.2,
  rag_adaptive_validation: true,
  rag_valid_weight: 0.6,
  rag_semantic_weight: 0.4,
  rag_entity_weight: 0.4,
  rag_word_weight: 0.3,
  rag_text_weight: 0.2,
  rag_chat_history_max_tokens: 6144,
};

/**
 * spec 001 §3/§7: a settings answer may be wrapped in `data`; it is merged over the defaults,
 * key by key, so one bad or unknown value never costs the rest.
 */
export function mergeSettings(json: unknown): Settings {
  const source = unwrapData(json);
  const merged: Record<string, unknown> = { ...defaultSettings };
  if (source && typeof source === "object") {
    for (const [key, field] of Object.entries(settingsSchema.shape)) {
      if (!(key in source)) continue;
      let value = (source as Record<string, unknown>)[key];
      // Older backends send the index list as a comma-separated string.
      if (key === "rag_index_names" && typeof value === "string") value = value.split(",").map((name) => name.trim()).filter(Boolean);
      const parsed = (field as z.ZodType).safeParse(value);
      if (parsed.success) merged[key] = parsed.data;
    }
  }
  return merged as Settings;
}

function unwrapData(json: unknown): unknown {
  if (json && typeof json === "object" && "data" in json && typeof (json as { data: unknown }).data === "object") {
    return (json as { data: unknown }).data;
  }
  return json;
}

/** What the modules read from GET (and the admin gets back from POST) /api/settings. */
export type SettingsAnswer = {
  settings: Settings;
  /** When the admin last saved (ISO 8601); null while the defaults apply. */
  updatedAt: string | null;
};

/**
 * The answer of GET and POST /api/settings: `{data, updated_at}` from our server, or a bare
 * settings object from an older one. Tolerant by design (spec 001 §7: merged over the defaults).
 */
export const settingsAnswerSchema = z.unknown().transform(
  (json): SettingsAnswer => ({ settings: mergeSettings(json), updatedAt: readUpdatedAt(json) }),
);

function readUpdatedAt(json: unknown): string | null {
  if (!json || typeof json !== "object" || !("updated_at" in json)) return null;
  const value = (json as { updated_at: unknown }).updated_at;
  return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : null;
}
