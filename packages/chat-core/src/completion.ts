import { createApiClient, HttpError, readModelStream, supportsReasoning, type ApiClient, type ChatCompletionRequest, type ChatModel } from "@oystar/api-client";
import type { ChatMessage } from "./conversation";
import { chatMessages } from "./messages";
import { PROMPT_TEMPLATES, templateSampling, type SamplingFields } from "./prompt-templates";
import { AnswerStalledError, browserSchedule, watchedBody, type Schedule } from "./stream-guard";

/** spec 001 §9: the chat's prompt preset (its template's sampling). */
export const CHAT_PRESET = templateSampling(PROMPT_TEMPLATES.chat, "cloud");

/** spec 001 §7: gpt-oss models with reasoning on ('Deep Think'). */
export const DEEP_THINK_PRESET = { reasoning_effort: "high", include_reasoning: true, max_tokens: 8000 } as const;

/** spec 001 §8–§9: a direct model call is aborted after 120 s — in all, not only until its headers. */
export const MODEL_CALL_TIMEOUT_MS = 120_000;

/**
 * Between two pieces of a streamed answer at most this long (spec 001 §7's default client
 * timeout): a model that stops sending mid-answer is cut off well before the 120 s.
 */
export const ANSWER_IDLE_TIMEOUT_MS = 30_000;

/**
 * spec 001 §8: 'LLM HTTP error! status: {n}' — the model's endpoint answered non-OK. The server's
 * own words, when it sent some (`{error}`), stay readable for screens that show them.
 */
export class LlmHttpError extends Error {
  override name = "LlmHttpError";
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly serverMessage?: string,
  ) {
    super(chatMessages.streamErrors.llmHttp(status));
  }
}

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
  provider: Provider = "cloud",
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
  provider?: Provider;
};

/** The limits of one streamed answer (spec 001 §8), injectable so tests need no clock. */
export type ModelStreamLimits = {
  /** Timers, injected so the limits are tested without waiting. */
  schedule?: Schedule;
  idleMs?: number;
  totalMs?: number;
  /** Where a skipped stream line is reported (its position only). */
  log?: (message: string) => void;
};

export type ModelCompletionOptions = ModelStreamLimits & {
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
};

/**
 * One streamed chat completion from `api`'s `/chat/completions` — the chat's questions and the
 * debate's turns alike. spec 001 §8: the answer is cut off when no byte arrives for `idleMs` or
 * after `totalMs` in all, headers or not (AnswerStalledError); a non-OK answer is
 * 'LLM HTTP error! status: {n}'; a line that cannot be read is logged by its position, never its
 * content, and skipped.
 */
export async function* streamCompletion(
  api: ApiClient,
  body: unknown,
  {
    signal,
    headers = {},
    path = "/chat/completions",
    schedule = browserSchedule,
    idleMs = ANSWER_IDLE_TIMEOUT_MS,
    totalMs = MODEL_CALL_TIMEOUT_MS,
    log = (message) => console.warn(message),
    onEvent,
  }: ModelStreamLimits & {
    signal: AbortSignal;
    headers?: Record<string, string>;
    /** Where the request goes under the client's base address: chat completions, or a debate's calls. */
    path?: string;
    /** The product's named events in the answer (a debate turn's passages and quotes), as they come. */
    onEvent?: (name: string, data: string) => void;
  },
): AsyncGenerator<string> {
  const limits = new AbortController();
  const cancelTotal = schedule(() => limits.abort(new AnswerStalledError("total", totalMs)), totalMs);
  const stop = AbortSignal.any([signal, limits.signal]);
  try {
    let response: Response;
    try {
      response = await api.raw(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "text/event-stream", ...headers },
        body: JSON.stringify(body),
        signal: stop,
        timeoutMs: totalMs,
      });
    } catch (error) {
      throw error instanceof HttpError ? new LlmHttpError(error.status, error.body, error.serverMessage) : error;
    }
    if (!response.body) throw new Error(chatMessages.streamErrors.noReader);
    const watched = watchedBody(response.body, { idleMs, schedule, stop, onIdle: () => limits.abort(new AnswerStalledError("idle", idleMs)) });
    const onParseError = (_line: string, _error: unknown, position?: number) => log(chatMessages.unreadableLine(position ?? 0));
    for await (const delta of readModelStream(watched, { onParseError, onEvent })) yield delta.content;
  } catch (error) {
    // The limit that cut the answer off says so, whatever the reading threw on the way.
    if (limits.signal.aborted && !signal.aborted) throw limits.signal.reason;
    throw error;
  } finally {
    cancelTotal();
  }
}

/**
 * Streams answers from an OpenAI-compatible endpoint (the gateway by default): one client for
 * every question of a session, each question with the token fetched for it (spec 001 §5), within
 * the limits of `streamCompletion`.
 */
export function modelCompletion({ baseUrl, fetch, ...limits }: ModelCompletionOptions) {
  const api = createApiClient({ baseUrl, timeoutMs: limits.totalMs ?? MODEL_CALL_TIMEOUT_MS, fetch });
  return ({ question, document, history, token, signal, options, provider }: CompletionRequest): AsyncGenerator<string> =>
    streamCompletion(api, chatCompletionBody(question, history, options, document, provider), { ...limits, signal, headers: { Authorization: `Bearer ${token}` } });
}
