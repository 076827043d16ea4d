import {
  API_PATHS,
  askAgainOnceWhenBusy,
  heldAnswerBody,
  HttpError,
  indicesListSchema,
  readProductStream,
  RESUMABLE_REQUEST_HEADER,
  type ApiClient,
  type IndicesList,
  type Later,
  type RagAskRequest,
  type StreamChunk,
} from "@oystar/api-client";
import { AnswerGoneError, type FailureWords } from "@oystar/conversation";
import { ragMessages } from "./messages";

/**
 * Streams the events of one RAG answer (spec 001 §7); abortable through `signal`. `onStream` hears
 * where the server holds the answer (issue 35 §2: a reloaded page takes it up there).
 */
export type AskStream = (
  request: RagAskRequest,
  signal: AbortSignal,
  onStream?: (streamUrl: string) => void,
  /** Issue 55 §1: the server was too busy; the question is asked again after `seconds`. */
  onBusy?: (seconds: number) => void,
) => AsyncIterable<StreamChunk>;

/** Issue 35 §2: reads again, from its first event, an answer the server holds at `streamUrl`. */
export type ResumeAsk = (streamUrl: string, signal: AbortSignal) => AsyncIterable<StreamChunk>;

/**
 * POST /api/ask-stream over the signed-in API client: the request's headers within the client's
 * timeout, then the event stream for as long as it runs. Non-OK answers throw HttpError ('HTTP
 * error! status: {n}'), a missing body 'No response body', an `event: error` StreamError ('Stream
 * error occurred'); one unreadable line is logged and skipped (spec 001 §8).
 */
export function httpAskStream(
  api: Pick<ApiClient, "raw" | "rawAt">,
  log: (message: string) => void = console.warn,
  /** Timers, for the wait before a busy server is asked again (tests fire them by hand). */
  later?: Later,
): AskStream {
  return async function* ask(request, signal, onStream, onBusy) {
    // Issue 55 §1: refused by a busy server (503, Retry-After), the question is asked once more after the wait.
    const response = await askAgainOnceWhenBusy(
      () =>
        api.raw(API_PATHS.askStream, {
          method: "POST",
          // Issue 35 §2: the server holds the answer, so a connection that drops resumes where it stopped.
          headers: { "Content-Type": "application/json", Accept: "text/event-stream", [RESUMABLE_REQUEST_HEADER]: "1" },
          body: JSON.stringify(request),
          signal,
        }),
      { signal, onBusy, later },
    );
    yield* heldEvents(api, response, signal, log, onStream);
  };
}

/**
 * Issue 35 §2: GET of an answer the server holds, from its first event (a reloaded page has none of
 * it): its sources again, then its words. A refusal (404: dropped, another account's) is AnswerGoneError.
 */
export function httpResumeAsk(api: Pick<ApiClient, "rawAt">, log: (message: string) => void = console.warn): ResumeAsk {
  return async function* resume(streamUrl, signal) {
    let response: Response;
    try {
      response = await api.rawAt(streamUrl, { method: "GET", headers: { Accept: "text/event-stream" }, signal });
    } catch (error) {
      throw error instanceof HttpError ? new AnswerGoneError(error.serverMessage ?? ragMessages.generic) : error;
    }
    yield* heldEvents(api, response, signal, log);
  };
}

async function* heldEvents(
  api: Pick<ApiClient, "rawAt">,
  response: Response,
  signal: AbortSignal,
  log: (message: string) => void,
  onStream?: (streamUrl: string) => void,
): AsyncGenerator<StreamChunk> {
  const held = heldAnswerBody(api, response, { signal });
  if (held.streamUrl) onStream?.(held.streamUrl);
  try {
    yield* readProductStream(held.body, { onParseError: () => log("RAG: un evento illeggibile del flusso è stato saltato") });
  } catch (error) {
    // Once the answer is under way, a refusal can only be of its resume: it is no longer held.
    throw error instanceof HttpError ? new AnswerGoneError(error.serverMessage ?? ragMessages.generic) : error;
  } finally {
    held.release();
  }
}

/** GET /api/indices/list (spec 001 §7): the indexes the signed-in user may ask. */
export function loadIndices(api: Pick<ApiClient, "get">, signal?: AbortSignal): Promise<IndicesList> {
  return api.get(API_PATHS.indicesList, indicesListSchema, { signal });
}

/**
 * spec 001 §8: how a RAG answer's failure reads, through the floor's one classifier — 429 → the
 * QUOTA_EXCEEDED_UPGRADE card; 401 (or an error naming Token or Auth) → the authentication
 * message; anything else → the RAG generic error, with the server's own Italian explanation (an
 * index not available, a question too long) or the client's stream error as the detail.
 */
export const RAG_FAILURE_WORDS: FailureWords = { admin: false, generic: ragMessages.generic };
