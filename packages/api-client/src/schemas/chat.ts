import { z } from "./zod";
import { LISTED_MODELS } from "./models";

// The LLM gateway's request (OpenAI chat-completions shape, spec 001 §7), bounded so one request
// cannot tie up the server: DESIGN.md §4 — bad input is a 400, never a 500.

/** The built-in model that answers when no upstream is configured (DESIGN.md §6). */
export const OFFLINE_MODEL = "oystar-offline";
/**
 * Issue 36 §1: how users read the offline model — once per answer, screen or participant, in their
 * words (no model name, no configuration words: those are for the admin's panel and the README).
 */
export const OFFLINE_MODEL_LABEL = "Modello dimostrativo offline";

export const MAX_MESSAGES = 200;
export const MAX_MESSAGE_CHARS = 120_000;
export const MAX_CONVERSATION_CHARS = 400_000;

export const chatMessageSchema = z.strictObject({
  role: z.enum(["system", "user", "assistant"], { error: "Ruolo del messaggio non valido" }),
  content: z.string({ error: "Il contenuto del messaggio deve essere un testo" }).max(MAX_MESSAGE_CHARS, "Messaggio troppo lungo"),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatCompletionRequestSchema = z
  .strictObject({
    model: z.enum([...LISTED_MODELS, OFFLINE_MODEL], { error: "Modello non disponibile" }),
    messages: z.array(chatMessageSchema).min(1, "Serve almeno un messaggio").max(MAX_MESSAGES, "Troppi messaggi"),
    stream: z.boolean().optional().default(true),
    temperature: z.number().min(0).max(2).optional(),
    top_p: z.number().min(0).max(1).optional(),
    max_tokens: z.number().int().min(1).max(8000, "max_tokens al massimo 8000").optional(),
    reasoning_effort: z.enum(["low", "medium", "high"]).optional(),
    include_reasoning: z.boolean().optional(),
    // spec 001 §3: a prompt template's extras, sent only when the server's model runs locally
    // (GET /api/health, `model.upstream`).
    num_predict: z.number().int().min(1).max(8000, "num_predict al massimo 8000").optional(),
    num_ctx: z.number().int().min(1).max(131_072, "num_ctx al massimo 131072").optional(),
    num_thread: z.number().int().min(1).max(256, "num_thread al massimo 256").optional(),
    num_gpu: z.number().int().min(0).max(1000, "num_gpu al massimo 1000").optional(),
  })
  .refine((request) => request.messages.reduce((sum, message) => sum + message.content.length, 0) <= MAX_CONVERSATION_CHARS, {
    message: "Conversazione troppo lunga",
    path: ["messages"],
  })
  .refine((request) => request.messages.some((message) => message.role === "user"), { message: "Serve una domanda", path: ["messages"] });
export type ChatCompletionRequest = z.input<typeof chatCompletionRequestSchema>;

/** spec 001 §7: reasoning flags are only for gpt-oss models. */
export const supportsReasoning = (model: string) => model.includes("openai/gpt-oss");
