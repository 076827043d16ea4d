import { z } from "./zod";

// Small contracts of spec 001 §7 and DESIGN.md §4.

/** One index the caller may use, as GET /api/indices/list describes it beside the names. */
export const indexDetailSchema = z.object({
  name: z.string(),
  /** spec 001 §9: "Consigliato (500 documenti)", "Esteso (1000 documenti)", "Garden Route", "Test", or the name. */
  label: z.string(),
  /** Shared with every RAG customer (the demo), or the caller's own. */
  shared: z.boolean(),
  documents: z.number().int(),
  bytes: z.number().int(),
  /** issue 36 §3: questions the index's documents answer, offered on the empty RAG screen (the demo's). */
  examples: z.array(z.string()).optional(),
});
export type IndexDetail = z.infer<typeof indexDetailSchema>;

/** spec 001 §7: `{indices, default, path}`; our server adds `details` (older ones may not). */
export const indicesListSchema = z.object({
  indices: z.array(z.string()),
  default: z.string(),
  path: z.string(),
  details: z.array(indexDetailSchema).optional(),
});
export type IndicesList = z.infer<typeof indicesListSchema>;

export const ocrResponseSchema = z.object({
  text: z.string(),
  word_count: z.number().int(),
  char_count: z.number().int(),
});
export type OcrResponse = z.infer<typeof ocrResponseSchema>;

export const resetRequestSchema = z.strictObject({
  provider: z.enum(["cloud", "local"]),
  models: z.array(z.string().min(1).max(200)).max(4),
});
export type ResetRequest = z.infer<typeof resetRequestSchema>;

export const resetResponseSchema = z.object({
  status: z.string(),
  message: z.string(),
  details: z.object({ actions: z.array(z.string()) }),
});
export type ResetResponse = z.infer<typeof resetResponseSchema>;

/**
 * spec 001 §4: where model calls go — the cloud provider (default) or the local model server. The
 * one name for it in every package and the server (issue 53 §3); the stored setting still spells
 * the local one `vm` (spec 001's `rag_provider`), read as `local` where it is read.
 */
export const MODEL_PROVIDERS = ["cloud", "local"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];
/** The names users and the admin read for them (the settings' `rag_provider`: cloud or vm). */
export const MODEL_PROVIDER_LABELS: Record<ModelProvider, string> = { cloud: "Private Cloud", local: "Server locale (VM)" };

/** GET /api/health; later parts add database and model state, so unknown keys are kept. */
export const healthSchema = z.looseObject({
  /** "draining": the server is about to stop (issue 37 §3) and answers 503. */
  status: z.enum(["ok", "degraded", "draining"]),
  version: z.string(),
  /**
   * DESIGN.md §6: whether the answers come from the offline model; spec 001 §7: whether the
   * configured model answered the server's probe.
   */
  model: z
    .looseObject({
      offline: z.boolean(),
      name: z.string().optional(),
      healthy: z.boolean().optional(),
      /** spec 001 §3, §4: where the chosen model runs (the admin's provider setting); a local one takes the templates' local extras. */
      upstream: z.enum(["cloud", "local"]).optional(),
    })
    .optional(),
  /** What the RAG engine runs (issue 23 §6): the embedder and reranker, whatever the settings name. */
  rag: z
    .looseObject({
      embedder: z.looseObject({ name: z.string(), kind: z.enum(["remote", "local-lexical"]) }),
      reranker: z.looseObject({ name: z.string(), kind: z.enum(["remote-cross-encoder", "local-feature-scorer"]) }),
      /** Whether the engine reranks when the settings ask it to (off where reranking was shown not to help). */
      reranking: z.enum(["on", "off"]).optional(),
      /** Why not, in Italian (for the admin's panel). */
      reranking_reason: z.string().optional(),
      /** Whether the vector leg (and so the fused retrieval) runs, and why not. */
      vector_leg: z.enum(["on", "off"]).optional(),
      vector_leg_reason: z.string().optional(),
      /** Whether deduplication runs when the settings ask for it, and why not. */
      deduplication: z.enum(["on", "off"]).optional(),
      deduplication_reason: z.string().optional(),
    })
    .optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /config.json: what the apps need at run time, so one build serves every environment. */
export const runtimeConfigSchema = z.object({
  version: z.string(),
  provider: z.enum(["cloud", "local"]),
  auth: z.object({ domain: z.string(), clientId: z.string(), audience: z.string() }).nullable(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
