import { z } from "./zod";
import { planIdSchema } from "./plans";
import { settingsSchema, type Settings } from "./settings";
import { storableString } from "./text";

// spec 001 §3 (RAG client request fields), §7 (ask-stream, indices), §9 (RAG constants and index
// labels). The server parses every request with these; the RAG client builds them from settings.

/** spec 001 §9: RAG context usage is characters / 32000, as a percentage capped at 100. */
export const RAG_CONTEXT_CHARS = 32_000;
/** spec 001 §2/§9: the warning banner, and the automatic summary, from 90 %. */
export const RAG_CONTEXT_WARNING_PERCENT = 90;
/** spec 001 §9: the RAG prompt preset. */
export const RAG_PRESET = { temperature: 0.3, top_p: 0.8, max_tokens: 3000 } as const;
/** spec 001 §5: citation numbers above this are chunk ids, not note numbers. */
export const MAX_NOTE_NUMBER = 100;

/**
 * spec 001 §2: the note the server appends once when too many citations do not match their
 * passages; the client keeps it once too (a cached answer, a retried stream).
 */
export const RAG_CITATION_WARNING =
  "⚠️ Nota: alcune citazioni di questa risposta non corrispondono bene ai passaggi indicati. Verifica le fonti prima di usare queste informazioni.";

export const RAG_MAX_QUESTION_CHARS = 4000;
export const RAG_MAX_HISTORY_MESSAGES = 100;
export const RAG_MAX_HISTORY_CHARS = 200_000;

/** How many passages an answer of the history may name as cited (more than any answer has: 7 documents' passages). */
export const RAG_MAX_CITED_PASSAGES = 100;

export const ragHistoryMessageSchema = z.strictObject({
  role: z.enum(["user", "assistant"], { error: "Cronologia: ruolo del messaggio non valido" }),
  content: storableString({ error: "Cronologia: il contenuto deve essere un testo" }).max(
    RAG_MAX_HISTORY_CHARS,
    "Cronologia: messaggio troppo lungo",
  ),
  /**
   * Issue 49 §3: an answer's cited passages, by their `chunkId` — «art. 21» asked next prefers the
   * act they belong to. The server reads the acts from its own index, never from the client.
   */
  cited: z
    .array(z.string().regex(/^[1-9]\d{0,17}$/, "Cronologia: identificativo di un passaggio citato non valido"), {
      error: "Cronologia: i passaggi citati devono essere un elenco",
    })
    .max(RAG_MAX_CITED_PASSAGES, "Cronologia: troppi passaggi citati")
    .optional(),
});
export type RagHistoryMessage = z.infer<typeof ragHistoryMessageSchema>;

/** The admin's RAG settings (spec 001 §5): the `rag_*` keys of the global settings. */
export type RagSettingKey = Extract<keyof Settings, `rag_${string}`>;

/**
 * Each RAG setting's name in every layer (issue 38 §5), one row per setting: the stored setting
 * (`rag_top_k_retrieval`, spec 001 §5) is the row's key; `request` is the field a RAG request may
 * set it with (`top_k_retrieval_per_index`, spec 001 §3; none for the settings only the admin
 * sets); `code` is what the code calls it, on the server (the engine's plan) and in the browser
 * (the read-only configuration view, whose names spec 001 §3 gives). Every mapping between the
 * layers is made from this table (`RAG_REQUEST_KNOBS`, `ragOptionsOf`); none is written by hand.
 */
export const RAG_KNOBS = {
  rag_provider: { code: "provider" },
  rag_embed_model: { request: "embed_model", code: "embedModel" },
  rag_llm_model: { request: "llm_model", code: "llmModel" },
  /** Empty or missing: every index the caller may use. */
  rag_index_names: { request: "index_names", code: "indexNames" },
  rag_top_k_retrieval: { request: "top_k_retrieval_per_index", code: "topKRetrieval" },
  rag_top_k_reranker_final: { request: "top_k_reranker_final", code: "topKReranker" },
  rag_use_reranker: { request: "use_reranker", code: "useReranker" },
  rag_use_fused_retrieval: { request: "use_fused_retrieval", code: "useFusedRetrieval" },
  rag_enable_spell_check: { code: "enableSpellCheck" },
  rag_use_field_extraction: { code: "useFieldExtraction" },
  rag_use_multi_query: { request: "use_multi_query", code: "useMultiQuery" },
  rag_use_hyde: { request: "use_hyde", code: "useHyde" },
  rag_max_query_variations: { request: "max_query_variations", code: "maxQueryVariations" },
  rag_use_deduplication: { request: "use_deduplication", code: "useDeduplication" },
  rag_deduplication_threshold: { request: "deduplication_threshold", code: "deduplicationThreshold" },
  rag_use_cache: { request: "use_cache", code: "useCache" },
  rag_cache_ttl_seconds: { request: "cache_ttl_seconds", code: "cacheTtlSeconds" },
  rag_system_prompt: { request: "system_prompt", code: "systemPrompt" },
  rag_chat_history_max_tokens: { code: "chatHistoryMaxTokens" },
  rag_enable_citation_validation: { request: "enable_citation_validation", code: "enableCitationValidation" },
  rag_semantic_threshold: { request: "semantic_threshold", code: "semanticThreshold" },
  rag_confidence_threshold: { request: "confidence_threshold", code: "confidenceThreshold" },
  rag_mismatch_threshold: { request: "mismatch_threshold", code: "mismatchThreshold" },
  rag_adaptive_validation: { request: "adaptive_validation", code: "adaptiveValidation" },
  rag_valid_weight: { request: "valid_weight", code: "validWeight" },
  rag_semantic_weight: { request: "semantic_weight", code: "semanticWeight" },
  rag_entity_weight: { request: "entity_weight", code: "entityWeight" },
  rag_word_weight: { request: "word_weight", code: "wordWeight" },
  rag_text_weight: { request: "text_weight", code: "textWeight" },
} as const satisfies { [Setting in RagSettingKey]: { request?: string; code: string } };

type KnobRows = typeof RAG_KNOBS;
const knobRows = Object.entries(RAG_KNOBS) as Array<[RagSettingKey, { request?: string; code: string }]>;

/** The RAG settings under their names in code (`topKRetrieval`), each with its setting's type. */
export type RagOptions = { [Setting in RagSettingKey as KnobRows[Setting]["code"]]: Settings[Setting] };

/** A full settings object's RAG settings, under their names in code. */
export function ragOptionsOf(settings: Pick<Settings, RagSettingKey>): RagOptions {
  return Object.fromEntries(knobRows.map(([setting, { code }]) => [code, settings[setting]])) as RagOptions;
}

/**
 * spec 001 §3: each RAG request field and the global setting it stands for (the admin's value,
 * which the request may override for one question), from RAG_KNOBS. One table (issue 24) for
 * the request's schema, the request the client builds (`ragRequestKnobs`) and the server's merge
 * (`withRequestKnobs`); the settings' own table (settings-fields.ts) gives bounds and labels.
 */
export const RAG_REQUEST_KNOBS = Object.fromEntries(
  knobRows.flatMap(([setting, { request }]) => (request ? [[request, setting]] : [])),
) as {
  [Setting in RagSettingKey as KnobRows[Setting] extends { request: infer Field extends string } ? Field : never]: Setting;
};

type Knobs = typeof RAG_REQUEST_KNOBS;
export type RagRequestKnob = keyof Knobs;
/** The request's knobs, each with its setting's type. */
export type RagRequestKnobs = { [Field in RagRequestKnob]: Settings[Knobs[Field]] };

const knobEntries = Object.entries(RAG_REQUEST_KNOBS) as Array<[RagRequestKnob, Knobs[RagRequestKnob]]>;
const settingShape = settingsSchema.shape;
/** Each knob validated as its setting is (bounds and Italian messages), and optional. */
const knobShape = Object.fromEntries(knobEntries.map(([field, setting]) => [field, settingShape[setting].optional()])) as {
  [Field in RagRequestKnob]: z.ZodOptional<(typeof settingShape)[Knobs[Field]]>;
};

/** The knobs of a request as the admin's settings set them (what the RAG client sends). */
export function ragRequestKnobs(settings: Pick<Settings, Knobs[RagRequestKnob]>): RagRequestKnobs {
  return Object.fromEntries(knobEntries.map(([field, setting]) => [field, settings[setting]])) as RagRequestKnobs;
}

/** The settings one question runs with: the admin's, each knob the request gives laid over its setting. */
export function withRequestKnobs(settings: Settings, request: Partial<RagRequestKnobs>): Settings {
  const merged: Record<string, unknown> = { ...settings };
  for (const [field, setting] of knobEntries) if (request[field] !== undefined) merged[setting] = request[field];
  return merged as Settings;
}

/**
 * POST /api/ask-stream (spec 001 §3): the question, the conversation and every RAG knob. Each knob
 * is optional: the server fills what is missing from the admin's global settings (`rag_*`).
 * Unknown fields are refused, bounds are the settings form's (spec 001 §5), messages are Italian.
 */
export const ragAskRequestSchema = z.strictObject({
  // Well-formed text only (no NUL, no lone surrogate): refused here, not midway through an answer.
  question: storableString({ error: "La domanda deve essere un testo" })
    .trim()
    .min(1, "Scrivi una domanda")
    .max(RAG_MAX_QUESTION_CHARS, `La domanda è troppo lunga (massimo ${RAG_MAX_QUESTION_CHARS} caratteri)`),
  chat_history: z
    .array(ragHistoryMessageSchema, { error: "La cronologia deve essere un elenco di messaggi" })
    .max(RAG_MAX_HISTORY_MESSAGES, "Cronologia troppo lunga")
    .optional(),
  ...knobShape,
});
export type RagAskRequest = z.input<typeof ragAskRequestSchema>;

/**
 * GET /api/ask-stream (spec 001 §7): `question` and `chat_history_json`, the last history item
 * (one message, or a list of messages) as JSON.
 */
export const ragAskQuerySchema = z.strictObject({
  question: ragAskRequestSchema.shape.question,
  chat_history_json: z
    .string()
    .max(RAG_MAX_HISTORY_CHARS, "Cronologia troppo lunga")
    .optional()
    .transform((raw, context) => {
      if (raw === undefined || raw.trim() === "") return [];
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        context.addIssue({ code: "custom", message: "chat_history_json non è un JSON valido" });
        return z.NEVER;
      }
      const parsed = z
        .array(ragHistoryMessageSchema)
        .max(RAG_MAX_HISTORY_MESSAGES)
        .safeParse(Array.isArray(json) ? json : [json]);
      if (!parsed.success) {
        context.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? "Cronologia non valida" });
        return z.NEVER;
      }
      return parsed.data;
    }),
});

/** spec 001 §9: how an index name is shown. */
export function indexLabel(name: string): string {
  const lower = name.toLowerCase();
  if (lower.includes("gardenroute-500")) return "Consigliato (500 documenti)";
  if (lower.includes("gardenroute-1000")) return "Esteso (1000 documenti)";
  if (lower.includes("gardenroute")) return "Garden Route";
  if (lower.includes("test")) return "Test";
  return name;
}

/** GET /api/admin/index-requests: a page holds this many requests unless `limit` says fewer (at most the max). */
export const INDEX_REQUESTS_PAGE = { default: 20, max: 50 } as const;

/**
 * GET /api/admin/index-requests?limit=&cursor= (admin): a page of the indexing requests, oldest
 * first; `cursor` is the `next_cursor` of the page before.
 */
export const indexRequestListQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: "limit deve essere un numero" })
    .int("limit deve essere un numero intero")
    .min(1, "limit deve essere almeno 1")
    .max(INDEX_REQUESTS_PAGE.max, `limit può essere al massimo ${INDEX_REQUESTS_PAGE.max}`)
    .default(INDEX_REQUESTS_PAGE.default),
  cursor: z.uuid({ error: "cursor non valido" }).optional(),
});

/**
 * GET /api/admin/index-requests (admin): the indexing requests (spec 000 §5) not yet turned into
 * an index — never tried (`pending`) or whose last attempt indexed nothing (`failed`) — oldest
 * first, a page at a time (`next_cursor` null on the last page).
 */
export const indexRequestListSchema = z.object({
  requests: z.array(
    z.object({
      id: z.string(),
      /** The email typed into the form: a contact, not who the index will be for. */
      email: z.string(),
      /**
       * The account that sent the request, the one that will own the index: its email when it
       * sent it (and whether the identity provider had verified it) and its plan now. Null when
       * the account no longer exists (the request can no longer be indexed).
       */
      account: z.object({ email: z.string().nullable(), email_verified: z.boolean(), plan: planIdSchema }).nullable(),
      company: z.string(),
      index_name: z.string(),
      /** The PDF links and web addresses to index, as the customer wrote them. */
      sites: z.array(z.string()),
      created_at: z.string(),
      status: z.enum(["pending", "failed"]),
    }),
  ),
  next_cursor: z.string().nullable(),
});
export type IndexRequestList = z.infer<typeof indexRequestListSchema>;
export type IndexRequestSummary = IndexRequestList["requests"][number];

/** An index build's report (indexBuildSchema, as it ends): the index made, its owner, and each address's outcome. */
export const indexRequestReportSchema = z.object({
  index: z.string(),
  owner_email: z.string().nullable(),
  documents: z.array(
    z.object({
      url: z.string(),
      status: z.enum(["added", "replaced", "unchanged", "failed"]),
      chunks: z.number().int().optional(),
      error: z.string().optional(),
      /** Issue 34: a scanned PDF's pages read by OCR, its average confidence (0–100), the pages it could not read. */
      ocr: z.object({ pages: z.number().int(), confidence: z.number(), unreadable_pages: z.array(z.number().int()) }).optional(),
    }),
  ),
});
export type IndexRequestReport = z.infer<typeof indexRequestReportSchema>;

/**
 * POST /api/admin/index-requests/:id/index (202) and GET on the same address (admin): an index
 * build, which the server runs in the background (issue 34 §2) — each address and how far it is
 * (`ocr`: the scanned page OCR is at, of the document's scanned pages), then the report as the
 * build ends. `failed`: the build broke off (`error` says so); what was written stays whole.
 */
export const indexBuildSchema = z.object({
  state: z.enum(["running", "done", "failed"]),
  documents: z.array(
    z.object({
      url: z.string(),
      state: z.enum(["waiting", "reading", "done", "failed"]),
      ocr: z.object({ page: z.number().int(), pages: z.number().int() }).optional(),
    }),
  ),
  report: indexRequestReportSchema.optional(),
  error: z.string().optional(),
});
export type IndexBuild = z.infer<typeof indexBuildSchema>;

/**
 * GET /api/rag/passages/:chunkId (issue 25, the source viewer): a passage of an answer's sources
 * where it stands in its document — the paragraphs before and after it — with the document's
 * title, file name, and its address only when the index's owner gave a real http(s) one. For a
 * PDF (`format: "pdf"`) the original is GET /api/rag/documents/:id/original, shown at `page`.
 * Same policy as asking the index; another customer's passage is 404 like a missing one.
 */
export const ragPassageSchema = z.object({
  chunkId: z.string(),
  page: z.number().int().nullable(),
  /** The passage, as the answer was written from it. */
  text: z.string(),
  /** Its surroundings: whole paragraphs ("\n\n" between them); "…" where they were cut. */
  before: z.string(),
  after: z.string(),
  document: z.object({
    id: z.string(),
    title: z.string(),
    filename: z.string(),
    url: z.string().nullable(),
    format: z.enum(["pdf", "text"]),
    /** A PDF's pages; null for other documents. */
    pages: z.number().int().nullable(),
  }),
  /** Issue 34: the slide or sheet of a presentation or workbook the passage stands on («Diapositiva 3», «Foglio «Parcelle»»). */
  place: z.string().nullable().optional(),
  /** Issue 49 §4: a passage of an act, as lawyers cite it («Art. 21, comma 2 — Costituzione»); absent for any other. */
  reference: z.string().optional(),
  /** Issue 34: an e-mail's header, shown above its passage. */
  email: z.object({ subject: z.string(), from: z.string(), to: z.string(), date: z.string() }).nullable().optional(),
  /**
   * Issue 34: on a scanned PDF's page, the words OCR read there in reading order, each with its box
   * in fractions of the page's width and height (0–1, from its top left): the viewer highlights the
   * passage on the page's picture with them. Absent for a page with a text layer.
   */
  ocrWords: z.array(z.object({ text: z.string(), left: z.number(), top: z.number(), width: z.number(), height: z.number() })).optional(),
});
export type RagPassage = z.infer<typeof ragPassageSchema>;
