import {
  askAgainOnceWhenBusy,
  heldAnswerBody,
  HttpError,
  readModelStream,
  RESUMABLE_REQUEST_HEADER,
  type ApiClient,
} from "@oystar/api-client";
import { conversationMessages } from "./messages";
import { AnswerGoneError, AnswerStalledError, browserSchedule, watchedBody, type Schedule } from "./stream-guard";

// The one answer-stream runner of the chat, the debate and RAG (issue 24, issue 53 §3): a request
// to an OpenAI-compatible endpoint or to RAG's /api/ask-stream, read piece by piece within spec
// 001 §8's time limits; only how the body's lines read differs (an AnswerProtocol).

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
    super(conversationMessages.streamErrors.llmHttp(status));
  }
}

/** The limits of one streamed answer (spec 001 §8), injectable so tests need no clock. */
export type ModelStreamLimits = {
  /** Timers, injected so the limits are tested without waiting. */
  schedule?: Schedule;
  idleMs?: number;
  totalMs?: number;
  /** Where a skipped stream line is reported (its position only). */
  log?: (message: string) => void;
};

/**
 * How one answer's body reads (issue 53 §3): the model's deltas (the chat, the debate) or RAG's
 * product events. The runner around it — the limits, the busy retry, the resume, STOP — is one.
 */
export type AnswerProtocol<T> = {
  /** The body's pieces, as they come; a line that cannot be read is reported through `log` and skipped. */
  read: (
    body: ReadableStream<Uint8Array>,
    hooks: { log: (message: string) => void; onEvent?: (name: string, data: string) => void },
  ) => AsyncIterable<T>;
  /** What a question refused before its answer began is thrown as (its status and the server's words kept). */
  refused: (error: HttpError) => Error;
  /** spec 001 §8's words for an answer that came without a body. */
  noBody: string;
};

/** An OpenAI-compatible chat completion: its text deltas; a refusal is 'LLM HTTP error! status: {n}'. */
const modelAnswer: AnswerProtocol<string> = {
  async *read(body, { log, onEvent }) {
    // A line that cannot be read is logged by its position, never its content.
    const onParseError = (_line: string, _error: unknown, position?: number) => log(conversationMessages.unreadableLine(position ?? 0));
    for await (const delta of readModelStream(body, { onParseError, onEvent })) yield delta.content;
  },
  refused: (error) => new LlmHttpError(error.status, error.body, error.serverMessage),
  noBody: conversationMessages.streamErrors.noReader,
};

/** The API client's two calls an answer needs: the request, and its resume and STOP at the server's address. */
type AnswerApi = Pick<ApiClient, "raw" | "rawAt">;

/**
 * One streamed chat completion from `api`'s `/chat/completions` — the chat's questions and the
 * debate's turns alike. spec 001 §8: the answer is cut off when no byte arrives for `idleMs` or
 * after `totalMs` in all, headers or not (AnswerStalledError); a non-OK answer is
 * 'LLM HTTP error! status: {n}'; a line that cannot be read is logged by its position, never its
 * content, and skipped.
 */
export function streamCompletion(api: AnswerApi, body: unknown, reading: AnswerRequest): AsyncGenerator<string> {
  return streamAnswer(api, modelAnswer, { ...reading, path: reading.path ?? "/chat/completions", body });
}

/**
 * Issue 35 §2: an answer the server holds, read again from its first event (a reloaded page has
 * received none), within the same limits; it resumes again if its connection drops.
 */
export function resumeCompletion(api: AnswerApi, streamUrl: string, reading: AnswerReading): AsyncGenerator<string> {
  return resumeAnswer(api, modelAnswer, streamUrl, reading);
}

/**
 * One answer of any protocol, POSTed as JSON to `path` and read by `protocol` within spec 001 §8's
 * limits (the chat's, the debate's and RAG's alike): a busy server's refusal (503) is asked once
 * more after its wait; a held answer resumes when its connection drops.
 */
export async function* streamAnswer<T>(
  api: AnswerApi,
  protocol: AnswerProtocol<T>,
  { path, body, headers = {}, resumable = false, onStream, ...reading }: AnswerRequest & { path: string; body: unknown },
): AsyncGenerator<T> {
  yield* readAnswer(
    api,
    protocol,
    (stop, timeoutMs) =>
      api.raw(path, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "text/event-stream",
          ...(resumable ? { [RESUMABLE_REQUEST_HEADER]: "1" } : {}),
          ...headers,
        },
        body: JSON.stringify(body),
        signal: stop,
        timeoutMs,
      }),
    { ...reading, headers, onStream, resumed: false },
  );
}

/** Issue 35 §2: an answer of any protocol the server holds at `streamUrl`, read again from its first event. */
export async function* resumeAnswer<T>(
  api: AnswerApi,
  protocol: AnswerProtocol<T>,
  streamUrl: string,
  { headers = {}, ...reading }: AnswerReading,
): AsyncGenerator<T> {
  yield* readAnswer(
    api,
    protocol,
    (stop, timeoutMs) =>
      api.rawAt(streamUrl, { method: "GET", headers: { Accept: "text/event-stream", ...headers }, signal: stop, timeoutMs }),
    { ...reading, headers, resumed: true },
  );
}

/** How one answer is read: the caller's signal, the limits, and what the screen hears on the way. */
export type AnswerReading = ModelStreamLimits & {
  signal: AbortSignal;
  headers?: Record<string, string>;
  /** The product's named events in the answer (a debate turn's passages and quotes), as they come. */
  onEvent?: (name: string, data: string) => void;
  /**
   * Issue 55 §1: the server was too busy for the question and it is asked once more after `seconds`
   * (its Retry-After); a screen says so meanwhile.
   */
  onBusy?: (seconds: number) => void;
};

/** A new question's reading: where it goes besides, and whether the server holds its answer. */
export type AnswerRequest = AnswerReading & {
  /** Where the request goes under the client's base address: chat completions, or a debate's calls. */
  path?: string;
  /**
   * Issue 35 §2: the server holds the answer for a resume (its own gateway only: a model server
   * elsewhere neither knows the header nor lets a page send it). A dropped connection resumes.
   */
  resumable?: boolean;
  /** The held answer's address, as soon as it is known: a reloaded page resumes it there. */
  onStream?: (streamUrl: string) => void;
};

/**
 * Issue 35 §2, in one place: a server's refusal of an answer already under way (or of a reloaded
 * page's resume) can only mean it no longer holds it. The server's own words say so when it sent some.
 */
function goneWhenRefused(error: unknown): unknown {
  return error instanceof HttpError ? new AnswerGoneError(error.serverMessage ?? conversationMessages.answerGone) : error;
}

/** One answer, asked by `ask`, read within spec 001 §8's limits; held by the server, it resumes and STOP stops it there. */
async function* readAnswer<T>(
  api: AnswerApi,
  protocol: AnswerProtocol<T>,
  ask: (stop: AbortSignal, timeoutMs: number) => Promise<Response>,
  {
    signal,
    headers = {},
    schedule = browserSchedule,
    idleMs = ANSWER_IDLE_TIMEOUT_MS,
    totalMs = MODEL_CALL_TIMEOUT_MS,
    log = (message) => console.warn(message),
    onEvent,
    onStream,
    onBusy,
    resumed,
  }: AnswerReading & { onStream?: (streamUrl: string) => void; resumed: boolean },
): AsyncGenerator<T> {
  const limits = new AbortController();
  const cancelTotal = schedule(() => limits.abort(new AnswerStalledError("total", totalMs)), totalMs);
  const stop = AbortSignal.any([signal, limits.signal]);
  let release = () => {};
  let underway = false;
  try {
    let response: Response;
    try {
      // A new question a busy server refused (503, Retry-After) is asked once more after its wait; a resume is no new question.
      response = resumed
        ? await ask(stop, totalMs)
        : await askAgainOnceWhenBusy(() => ask(stop, totalMs), { signal: stop, onBusy, later: schedule });
    } catch (error) {
      if (resumed) throw goneWhenRefused(error);
      throw error instanceof HttpError ? protocol.refused(error) : error;
    }
    underway = true;
    if (!response.body) throw new Error(protocol.noBody);
    // Held by the server: resumed when the connection drops, stopped there by STOP (not by a page that leaves).
    const held = heldAnswerBody(api, response, { signal, stop, headers, timeoutMs: totalMs });
    release = held.release;
    if (held.streamUrl) onStream?.(held.streamUrl);
    const watched = watchedBody(held.body, { idleMs, schedule, stop, onIdle: () => limits.abort(new AnswerStalledError("idle", idleMs)) });
    yield* protocol.read(watched, { log, onEvent });
  } catch (error) {
    // The limit that cut the answer off says so, whatever the reading threw on the way.
    if (limits.signal.aborted && !signal.aborted) throw limits.signal.reason;
    // Read mid-answer, a server's refusal can only be of a resume: the answer is no longer held.
    throw underway ? goneWhenRefused(error) : error;
  } finally {
    release();
    cancelTotal();
  }
}
