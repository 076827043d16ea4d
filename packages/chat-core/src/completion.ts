import { createApiClient, readModelStream, supportsReasoning, type ChatCompletionRequest, type ChatModel } from "@oystar/api-client";
import type { ChatMessage } from "./conversation";

/** spec 001 §9: the chat's prompt preset. */
export const CHAT_PRESET = { temperature: 0.3, top_p: 0.7, max_tokens: 2000 } as const;

/** spec 001 §7: gpt-oss models with reasoning on ('Deep Think'). */
export const DEEP_THINK_PRESET = { reasoning_effort: "high", include_reasoning: true, max_tokens: 8000 } as const;

/** spec 001 §9: a direct model call is aborted after 120 s. */
export const MODEL_CALL_TIMEOUT_MS = 120_000;

export const CHAT_SYSTEM_PROMPT =
  "Sei OYSTAR, un assistente privato. Rispondi nella lingua della domanda, ammetti quando non sai qualcosa e, se ti chiedono chi ti ha creato, cita il team di OYSTAR.";

export type Provider = "cloud" | "local";

/**
 * spec 001 §4, §7: the provider switch changes the base address of direct model calls. Cloud is
 * the gateway on this origin; local is a model server on this computer, port 8000.
 */
export function providerBaseUrl(provider: Provider): string {
  return provider === "local" ? "http://localhost:8000/groq" : "/groq";
}

export type CompletionOptions = { model: ChatModel; deepThink: boolean };

/**
 * The request of one question (spec 001 §7): system prompt, history, question, presets. A document
 * in context (a PDF's text) follows the question in this request only (spec 001 §4).
 */
export function chatCompletionBody(
  question: string,
  history: readonly ChatMessage[],
  options: CompletionOptions,
  document?: string,
): ChatCompletionRequest {
  // spec 001 §2: 'Deep Think' exists only for models whose name contains openai/gpt-oss.
  const reasoning = options.deepThink && supportsReasoning(options.model);
  return {
    model: options.model,
    messages: [
      { role: "system", content: CHAT_SYSTEM_PROMPT },
      // Cards are not conversation.
      ...history.filter((message) => !message.card).map((message) => ({ role: message.role, content: message.content })),
      { role: "user", content: document ? `${question}\n\n${document}` : question },
    ],
    stream: true,
    ...CHAT_PRESET,
    ...(reasoning ? DEEP_THINK_PRESET : {}),
  };
}

export type CompletionRequest = {
  question: string;
  /** A document the question is about, sent with it and never kept in the history. */
  document?: string;
  history: ChatMessage[];
  token: string;
  signal: AbortSignal;
  options: CompletionOptions;
};

/**
 * Streams answers from an OpenAI-compatible endpoint (the gateway by default): one client for
 * every question of a session, each question with the token fetched for it (spec 001 §5).
 */
export function modelCompletion({ baseUrl, fetch }: { baseUrl: string; fetch?: typeof globalThis.fetch }) {
  const api = createApiClient({ baseUrl, timeoutMs: MODEL_CALL_TIMEOUT_MS, fetch });
  return async function* complete({ question, document, history, token, signal, options }: CompletionRequest): AsyncGenerator<string> {
    const response = await api.raw("/chat/completions", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream", Authorization: `Bearer ${token}` },
      body: JSON.stringify(chatCompletionBody(question, history, options, document)),
      signal,
    });
    for await (const delta of readModelStream(response)) yield delta.content;
  };
}
