import { z } from "./zod";
import { storableString } from "./text";
import { DEBATE_JUDGE_MODELS, judgeModelBeside, SELECTABLE_CHAT_MODELS } from "./models";
import { SETTINGS_FIELDS as FIELDS, type NumberFacts, type TextFacts } from "./settings-fields";

// spec 001 §3 (keys), §5 (bounds), §9 (defaults); labels and bounds from SETTINGS_FIELDS. The
// `pigna_ai_*` keys keep the product's older name (DESIGN.md §2).

/** A number in its range; a whole one where the form steps by whole numbers. */
const number = ({ label, min, max, step }: NumberFacts) => {
  const bounded = z
    .number({ error: `${label}: deve essere un numero` })
    .min(min, `${label}: il valore minimo è ${min}`)
    .max(max, `${label}: il valore massimo è ${max}`);
  return Number.isInteger(step) ? bounded.int(`${label}: deve essere un numero intero`) : bounded;
};
const flag = ({ label }: { label: string }) => z.boolean({ error: `${label}: deve essere vero o falso` });
const chatModel = ({ label }: { label: string }) => z.enum(SELECTABLE_CHAT_MODELS, { error: `${label}: modello non consentito` });
const text = ({ label, maxLength }: TextFacts) =>
  storableString({ error: `${label}: deve essere un testo` }).max(maxLength, `${label}: testo troppo lungo`);

export const settingsSchema = z.strictObject({
  pigna_ai_model: chatModel(FIELDS.pigna_ai_model),
  pigna_ai_temperature: number(FIELDS.pigna_ai_temperature),
  pigna_ai_max_tokens: number(FIELDS.pigna_ai_max_tokens),
  debate_length: number(FIELDS.debate_length),
  debate_auto_mode: flag(FIELDS.debate_auto_mode),
  debate_model_a: chatModel(FIELDS.debate_model_a),
  debate_model_b: chatModel(FIELDS.debate_model_b),
  debate_judge_model: z.enum(DEBATE_JUDGE_MODELS, { error: `${FIELDS.debate_judge_model.label}: modello non consentito` }),
  rag_embed_model: text(FIELDS.rag_embed_model).min(1),
  rag_llm_model: text(FIELDS.rag_llm_model).min(1),
  /** Empty means every index. */
  rag_index_names: z.array(text(FIELDS.rag_index_names).min(1)).max(50),
  rag_top_k_retrieval: number(FIELDS.rag_top_k_retrieval),
  rag_top_k_reranker_final: number(FIELDS.rag_top_k_reranker_final),
  rag_use_reranker: flag(FIELDS.rag_use_reranker),
  rag_use_fused_retrieval: flag(FIELDS.rag_use_fused_retrieval),
  rag_use_multi_query: flag(FIELDS.rag_use_multi_query),
  rag_use_hyde: flag(FIELDS.rag_use_hyde),
  rag_max_query_variations: number(FIELDS.rag_max_query_variations),
  rag_use_deduplication: flag(FIELDS.rag_use_deduplication),
  rag_deduplication_threshold: number(FIELDS.rag_deduplication_threshold),
  rag_use_cache: flag(FIELDS.rag_use_cache),
  rag_cache_ttl_seconds: number(FIELDS.rag_cache_ttl_seconds),
  rag_system_prompt: text(FIELDS.rag_system_prompt),
  rag_provider: z.enum(["cloud", "vm"], { error: `${FIELDS.rag_provider.label}: valore non consentito` }),
  rag_enable_citation_validation: flag(FIELDS.rag_enable_citation_validation),
  rag_enable_spell_check: flag(FIELDS.rag_enable_spell_check),
  rag_use_field_extraction: flag(FIELDS.rag_use_field_extraction),
  rag_semantic_threshold: number(FIELDS.rag_semantic_threshold),
  rag_confidence_threshold: number(FIELDS.rag_confidence_threshold),
  rag_mismatch_threshold: number(FIELDS.rag_mismatch_threshold),
  rag_adaptive_validation: flag(FIELDS.rag_adaptive_validation),
  rag_valid_weight: number(FIELDS.rag_valid_weight),
  rag_semantic_weight: number(FIELDS.rag_semantic_weight),
  rag_entity_weight: number(FIELDS.rag_entity_weight),
  rag_word_weight: number(FIELDS.rag_word_weight),
  rag_text_weight: number(FIELDS.rag_text_weight),
  rag_chat_history_max_tokens: number(FIELDS.rag_chat_history_max_tokens),
});
export type Settings = z.infer<typeof settingsSchema>;

/** The server validates POST /api/settings with this: every key, every bound, nothing else. */
export const settingsUpdateSchema = settingsSchema;

export const DEFAULT_RAG_SYSTEM_PROMPT =
  "Rispondi in italiano usando soltanto i documenti forniti e cita le fonti con il loro numero tra parentesi quadre. " +
  "Se l'informazione non è presente nei documenti, dillo chiaramente.";

/**
 * Settings-form defaults of spec 001 §9 where it gives them, the RAG client defaults otherwise.
 * Auto mode: the spec has both readings (off in the list, on in one place of the panel); issue
 * 36 §3 takes 'on', so a debate plays to its end without a click per turn (manual stays one
 * switch away in the debate's controls).
 */
export const defaultSettings: Settings = {
  pigna_ai_model: "openai/gpt-oss-120b",
  pigna_ai_temperature: 0.7,
  pigna_ai_max_tokens: 2000,
  debate_length: 20,
  debate_auto_mode: true,
  debate_model_a: "openai/gpt-oss-120b",
  debate_model_b: "openai/gpt-oss-20b",
  // issue 26 §1: by default a listed model that is neither debater.
  debate_judge_model: judgeModelBeside(["openai/gpt-oss-120b", "openai/gpt-oss-20b"]),
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
      if (key === "rag_index_names" && typeof value === "string")
        value = value
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean);
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
  /** How many times the admin has saved (0: the defaults); null from a server that does not say. */
  version: number | null;
};

/**
 * The answer of GET and POST /api/settings: `{data, updated_at, version}` from our server, or a
 * bare settings object from an older one. Tolerant by design (spec 001 §7: merged over the defaults).
 */
export const settingsAnswerSchema = z
  .unknown()
  .transform((json): SettingsAnswer => ({ settings: mergeSettings(json), updatedAt: readUpdatedAt(json), version: readVersion(json) }));

function readVersion(json: unknown): number | null {
  const value = json && typeof json === "object" && "version" in json ? (json as { version: unknown }).version : null;
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}

function readUpdatedAt(json: unknown): string | null {
  if (!json || typeof json !== "object" || !("updated_at" in json)) return null;
  const value = (json as { updated_at: unknown }).updated_at;
  return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : null;
}
