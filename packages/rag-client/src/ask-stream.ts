import { API_PATHS, readProductStream, type ApiClient, type IndicesList, type RagAskRequest, type StreamChunk } from "@oystar/api-client";
import { resumeAnswer, streamAnswer, type AnswerProtocol, type FailureWords, type ModelStreamLimits } from "@oystar/conversation";
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
 * RAG's answer as the floor's one stream runner reads it (issue 53 §3): the product's events
 * (spec 001 §7). A refusal stays the client's HttpError ('HTTP error! status: {n}', its status and
 * the server's words kept for the failure card), a missing body is 'No response body', an
 * `event: error` a StreamError ('Stream error occurred'); one unreadable event is logged and skipped
 * (spec 001 §8).
 */
const ragAnswer: AnswerProtocol<StreamChunk> = {
  read: (body, { log }) => readProductStream(body, { onParseError: () => log("RAG: un evento illeggibile del flusso è stato saltato") }),
  refused: (error) => error,
  noBody: "No response body",
};

/**
 * POST /api/ask-stream over the signed-in API client, through the floor's runner: spec 001 §8's
 * limits (cut off after 30 s without a byte or 120 s in all: AnswerStalledError), the busy server's
 * Retry-After (issue 55 §1), a held answer resumed when its connection drops and STOP stopping it
 * on the server (issue 35 §2). `limits` are injectable so tests need no clock.
 */
export function httpAskStream(api: Pick<ApiClient, "raw" | "rawAt">, limits: ModelStreamLimits = {}): AskStream {
  return (request, signal, onStream, onBusy) =>
    streamAnswer(api, ragAnswer, { ...limits, path: API_PATHS.askStream, body: request, resumable: true, signal, onStream, onBusy });
}

/**
 * Issue 35 §2: GET of an answer the server holds, from its first event (a reloaded page has none of
 * it): its sources again, then its words. A refusal (404: dropped, another account's) is AnswerGoneError.
 */
export function httpResumeAsk(api: Pick<ApiClient, "raw" | "rawAt">, limits: ModelStreamLimits = {}): ResumeAsk {
  return (streamUrl, signal) => resumeAnswer(api, ragAnswer, streamUrl, { ...limits, signal });
}

/** GET /api/indices/list (spec 001 §7): the indexes the signed-in user may ask. */
export function loadIndices(api: Pick<ApiClient, "call">, signal?: AbortSignal): Promise<IndicesList> {
  return api.call("indicesList", { signal });
}

/**
 * spec 001 §8: how a RAG answer's failure reads, through the floor's one classifier — 429 → the
 * QUOTA_EXCEEDED_UPGRADE card; 401 (or an error naming Token or Auth) → the authentication
 * message; anything else → the RAG generic error, with the server's own Italian explanation (an
 * index not available, a question too long) or the client's stream error as the detail.
 */
export const RAG_FAILURE_WORDS: FailureWords = { admin: false, generic: ragMessages.generic };
