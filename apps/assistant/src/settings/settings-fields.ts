import {
  DEBATE_JUDGE_MODELS,
  LISTED_MODELS,
  MODEL_PROVIDER_LABELS,
  SELECTABLE_CHAT_MODELS,
  SETTINGS_FIELDS,
  type BoundedSettingsKey,
  type Settings,
} from "@oystar/api-client";

// The global settings form of spec 001 §2 and §5: its sections, which control draws each field
// and when each shows. Labels, bounds, steps and units come from SETTINGS_FIELDS, the table the
// server's check (settingsUpdateSchema) is built from.

type Key = keyof Settings;
type KeyOf<Value> = { [K in Key]: Settings[K] extends Value ? K : never }[Key];

// Every field carries `effect`: one sentence of what it does and what changing it changes (issue 36 §2).
export type SettingsField =
  | {
      kind: "choice";
      key: KeyOf<string>;
      label: string;
      effect: string;
      options: (settings: Settings) => ReadonlyArray<{ value: string; label: string }>;
      /** A choice of model: an option the model server does not serve is marked (issue 36 §2). */
      models?: boolean;
    }
  | {
      kind: "range" | "number";
      key: BoundedSettingsKey;
      label: string;
      effect: string;
      min: number;
      max: number;
      step: number;
      unit?: string;
    }
  | { kind: "flag"; key: KeyOf<boolean>; label: string; effect: string }
  | { kind: "text" | "prompt"; key: KeyOf<string>; label: string; effect: string }
  | { kind: "indexes"; key: KeyOf<string[]>; label: string; effect: string };

type ShownWhen = { shownWhen?: (settings: Settings) => boolean };

export type SettingsSection = {
  title: string;
  fields: ReadonlyArray<SettingsField & ShownWhen>;
};

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
/** spec 001 §5: chat and debate may only use the two gpt-oss models. */
const chatModels = () => asOptions(SELECTABLE_CHAT_MODELS);
/** issue 26 §1: the debate's judge — best one that argues in neither side (the defaults: A and B). */
const judgeModels = () => asOptions(DEBATE_JUDGE_MODELS);
/** spec 001 §5: for the cloud provider the model list is filtered to names starting with openai/. */
const ragModels = (settings: Settings) =>
  asOptions(settings.rag_provider === "cloud" ? LISTED_MODELS.filter((model) => model.startsWith("openai/")) : LISTED_MODELS);

/** A field's name and its one sentence, from the table. */
const named = (key: Key) => ({ label: SETTINGS_FIELDS[key].label, effect: SETTINGS_FIELDS[key].effect });
/** A number field, as a slider or a number box, with its bounds from the table. */
const bounded = (kind: "range" | "number", key: BoundedSettingsKey, extra: ShownWhen = {}) => ({
  kind,
  key,
  ...SETTINGS_FIELDS[key],
  ...extra,
});
const flag = (key: KeyOf<boolean>, extra: ShownWhen = {}) => ({ kind: "flag" as const, key, ...named(key), ...extra });
const choice = (key: KeyOf<string>, options: (settings: Settings) => ReadonlyArray<{ value: string; label: string }>, models = false) => ({
  kind: "choice" as const,
  key,
  ...named(key),
  options,
  models,
});

const validating = { shownWhen: (settings: Settings) => settings.rag_enable_citation_validation };

export const settingsSections: readonly SettingsSection[] = [
  {
    title: "Chat AI",
    fields: [choice("pigna_ai_model", chatModels, true)],
  },
  {
    title: "Dibattito",
    fields: [
      bounded("range", "debate_length"),
      choice("debate_model_a", chatModels, true),
      choice("debate_model_b", chatModels, true),
      choice("debate_judge_model", judgeModels, true),
      flag("debate_auto_mode"),
    ],
  },
  {
    title: "RAG",
    fields: [
      choice("rag_provider", () => [
        { value: "cloud", label: MODEL_PROVIDER_LABELS.cloud },
        { value: "vm", label: MODEL_PROVIDER_LABELS.local },
      ]),
      { kind: "text", key: "rag_embed_model", ...named("rag_embed_model") },
      choice("rag_llm_model", ragModels, true),
      // spec 001 §4: chosen from GET /api/indices/list (see indexPicker for the fallbacks).
      { kind: "indexes", key: "rag_index_names", ...named("rag_index_names") },
      bounded("number", "rag_top_k_retrieval"),
      bounded("number", "rag_top_k_reranker_final"),
      flag("rag_use_reranker"),
      flag("rag_use_fused_retrieval"),
      flag("rag_use_multi_query"),
      bounded("number", "rag_max_query_variations", { shownWhen: (settings) => settings.rag_use_multi_query }),
      flag("rag_use_hyde"),
      flag("rag_use_deduplication"),
      bounded("range", "rag_deduplication_threshold", { shownWhen: (settings) => settings.rag_use_deduplication }),
      flag("rag_use_cache"),
      bounded("number", "rag_cache_ttl_seconds", { shownWhen: (settings) => settings.rag_use_cache }),
      flag("rag_enable_spell_check"),
      flag("rag_use_field_extraction"),
      { kind: "prompt", key: "rag_system_prompt", ...named("rag_system_prompt") },
      flag("rag_enable_citation_validation"),
      bounded("range", "rag_semantic_threshold", validating),
      bounded("range", "rag_confidence_threshold", validating),
      bounded("range", "rag_mismatch_threshold", validating),
      flag("rag_adaptive_validation", validating),
      bounded("range", "rag_valid_weight", validating),
      bounded("range", "rag_semantic_weight", validating),
      bounded("range", "rag_entity_weight", validating),
      bounded("range", "rag_word_weight", validating),
      bounded("range", "rag_text_weight", validating),
      bounded("range", "rag_chat_history_max_tokens"),
    ],
  },
];

/**
 * Switching the provider to cloud may leave a non-openai RAG model selected; it falls back to the
 * first model the cloud offers, as the list shown does.
 */
export function withProvider(settings: Settings, provider: Settings["rag_provider"]): Settings {
  const next = { ...settings, rag_provider: provider };
  const models = ragModels(next).map((option) => option.value);
  return models.includes(next.rag_llm_model) ? next : { ...next, rag_llm_model: models[0] ?? next.rag_llm_model };
}

/**
 * Issue 14 §7: where a slider stops. spec 001 §5 gives history tokens 1000–32000 in steps of 1000
 * and §9 its default, 6144, between two steps: rather than move either number, the default (and a
 * stored value off the grid) is a stop of its own, so the slider shows exactly what is saved.
 * null when every value is on the grid.
 */
export function sliderStops(facts: { min: number; max: number; step: number }, ...values: number[]): number[] | null {
  const onGrid = (value: number) => Math.abs((value - facts.min) / facts.step - Math.round((value - facts.min) / facts.step)) < 1e-9;
  const extra = values.filter((value) => value >= facts.min && value <= facts.max && !onGrid(value));
  if (extra.length === 0) return null;
  const grid = Array.from({ length: Math.floor((facts.max - facts.min) / facts.step) + 1 }, (_, index) => facts.min + index * facts.step);
  return [...new Set([...grid, ...extra])].sort((a, b) => a - b);
}
