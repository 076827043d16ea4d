import { createApiClient, supportsReasoning, type ChatCompletionRequest, type ChatModel, type ModelProvider } from "@oystar/api-client";
import { MODEL_CALL_TIMEOUT_MS, resumeCompletion, streamCompletion, type ModelStreamLimits } from "@oystar/conversation";
import type { ChatMessage } from "@oystar/conversation";
import { PROMPT_TEMPLATES, templateSampling, type SamplingFields } from "./prompt-templates";

/** spec 001 §9: the chat's prompt preset (its template's sampling). */
export const CHAT_PRESET = templateSampling(PROMPT_TEMPLATES.chat, "cloud");

/** spec 001 §7: gpt-oss models with reasoning on ('Deep Think'). */
export const DEEP_THINK_PRESET = { reasoning_effort: "high", include_reasoning: true, max_tokens: 8000 } as const;

/**
 * spec 001 §4, §7: the provider switch changes the base address of direct model calls. Cloud is
 * the gateway on this origin; local is a model server on this computer, port 8000.
 */
export function providerBaseUrl(provider: ModelProvider): string {
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
  provider: ModelProvider = "cloud",
): ChatCompletionRequest & Partial<SamplingFields> {
  const template = PROMPT_TEMPLATES.chat;
  // spec 001 §2: 'Deep Think' exists only for models whose name contains openai/gpt-oss.
  const reasoning = options.deepThink && supportsReasoning(options.model);
  return {
    model: options.model,
    messages: [
      { role: "system", content: template.prompt },
      // Cards are not conversation.
      ...history.filter((message) => !message.card).map((message) => ({ role: message.role, content: message.content })),
      { role: "user", content: document ? `${question}\n\n${document}` : question },
    ],
    stream: true,
    ...templateSampling(template, provider),
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
  /** Where the model runs: a local one also gets its template's local extras (cloud if unsaid). */
  provider?: ModelProvider;
  /** Issue 35 §2: where the server holds this answer, once known (a reloaded page resumes it there). */
  onStream?: (streamUrl: string) => void;
  /** Issue 55 §1: the server was too busy; the question is asked again after `seconds`. */
  onBusy?: (seconds: number) => void;
};

/** Issue 35 §2: an answer the server holds, read again from its start after a reload. */
export type ResumeRequest = { streamUrl: string; token: string; signal: AbortSignal };

export type ModelCompletionOptions = ModelStreamLimits & {
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
};

/**
 * Streams answers from an OpenAI-compatible endpoint (the gateway by default): one client for
 * every question of a session, each question with the token fetched for it (spec 001 §5), within
 * the limits of `streamCompletion`.
 */
export function modelCompletion({ baseUrl, fetch, ...limits }: ModelCompletionOptions) {
  const api = createApiClient({ baseUrl, timeoutMs: limits.totalMs ?? MODEL_CALL_TIMEOUT_MS, fetch });
  // Issue 35 §2: the product's own gateway holds answers for a resume; a model server elsewhere does not.
  const resumable = !/^[a-z]+:/i.test(baseUrl);
  return ({ question, document, history, token, signal, options, provider, onStream, onBusy }: CompletionRequest): AsyncGenerator<string> =>
    streamCompletion(api, chatCompletionBody(question, history, options, document, provider), {
      ...limits,
      signal,
      headers: { Authorization: `Bearer ${token}` },
      resumable,
      onStream,
      onBusy,
    });
}

/** Issue 35 §2: reads again an answer the gateway holds (`streamUrl`, from `onStream`), within the same limits. */
export function modelResume({ fetch, ...limits }: Omit<ModelCompletionOptions, "baseUrl">) {
  const api = createApiClient({ timeoutMs: limits.totalMs ?? MODEL_CALL_TIMEOUT_MS, fetch });
  return ({ streamUrl, token, signal }: ResumeRequest): AsyncGenerator<string> =>
    resumeCompletion(api, streamUrl, { ...limits, signal, headers: { Authorization: `Bearer ${token}` } });
}
