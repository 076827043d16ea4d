import { z } from "./zod";
import { planIdSchema } from "./plans";
import { settingsSchema } from "./settings";
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

export const ragHistoryMessageSchema = z.strictObject({
  role: z.enum(["user", "assistant"], { error: "Cronologia: ruolo del messaggio non valido" }),
  content: storableString({ error: "Cronologia: il contenuto deve essere un testo" }).max(RAG_MAX_HISTORY_CHARS, "Cronologia: messaggio troppo lungo"),
});
export type RagHistoryMessage = z.infer<typeof ragHistoryMessageSchema>;

const knob = settingsSchema.shape;

/**
 * POST /api/ask-stream (spec 001 §3): the question and every RAG knob. Each knob is optional: the
 * server fills what is missing from the admin's global settings (`rag_*`). Unknown fields are
 * refused, bounds are the settings form's (spec 001 §5), messages are Italian.
 */
export const ragAskRequestSchema = z.strictObject({
  // Well-formed text only (no NUL, no lone surrogate): refused here, not midway through an answer.
  question: storableString({ error: "La domanda deve essere un testo" })
    .trim()
    .min(1, "Scrivi una domanda")
    .max(RAG_MAX_QUESTION_CHARS, `La domanda è troppo lunga (massimo ${RAG_MAX_QUESTION_CHARS} caratteri)`),
  embed_model: knob.rag_embed_model.optional(),
  llm_model: knob.rag_llm_model.optional(),
  /** Empty or missing: every index the caller may use. */
  index_names: knob.rag_index_names.optional(),
  top_k_retrieval_per_index: knob.rag_top_k_retrieval.optional(),
  top_k_reranker_final: knob.rag_top_k_reranker_final.optional(),
  use_reranker: knob.rag_use_reranker.optional(),
  use_fused_retrieval: knob.rag_use_fused_retrieval.optional(),
  use_multi_query: knob.rag_use_multi_query.optional(),
  use_hyde: knob.rag_use_hyde.optional(),
  max_query_variations: knob.rag_max_query_variations.optional(),
  use_deduplication: knob.rag_use_deduplication.optional(),
  deduplication_threshold: knob.rag_deduplication_threshold.optional(),
  use_cache: knob.rag_use_cache.optional(),
  cache_ttl_seconds: knob.rag_cache_ttl_seconds.optional(),
  system_prompt: knob.rag_system_prompt.optional(),
  chat_history: z
    .array(ragHistoryMessageSchema, { error: "La cronologia deve essere un elenco di messaggi" })
    .max(RAG_MAX_HISTORY_MESSAGES, "Cronologia troppo lunga")
    .optional(),
  enable_citation_validation: knob.rag_enable_citation_validation.optional(),
  semantic_threshold: knob.rag_semantic_threshold.optional(),
  confidence_threshold: knob.rag_confidence_threshold.optional(),
  mismatch_threshold: knob.rag_mismatch_threshold.optional(),
  adaptive_validation: knob.rag_adaptive_validation.optional(),
  valid_weight: knob.rag_valid_weight.optional(),
  semantic_weight: knob.rag_semantic_weight.optional(),
  entity_weight: knob.rag_entity_weight.optional(),
  word_weight: knob.rag_word_weight.optional(),
  text_weight: knob.rag_text_weight.optional(),
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
      const parsed = z.array(ragHistoryMessageSchema).max(RAG_MAX_HISTORY_MESSAGES).safeParse(Array.isArray(json) ? json : [json]);
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

/** POST /api/admin/index-requests/:id/index (admin): the index made, its owner, and each address's outcome. */
export const indexRequestReportSchema = z.object({
  index: z.string(),
  owner_email: z.string().nullable(),
  documents: z.array(
    z.object({
      url: z.string(),
      status: z.enum(["added", "replaced", "unchanged", "failed"]),
      chunks: z.number().int().optional(),
      error: z.string().optional(),
    }),
  ),
});
export type IndexRequestReport = z.infer<typeof indexRequestReportSchema>;

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
});
export type RagPassage = z.infer<typeof ragPassageSchema>;
