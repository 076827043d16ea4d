import {
  API_PATHS,
  heldAnswerBody,
  HttpError,
  indicesListSchema,
  readProductStream,
  RESUMABLE_REQUEST_HEADER,
  type ApiClient,
  type IndicesList,
  type RagAskRequest,
  type StreamChunk,
} from "@oystar/api-client";
import { AnswerGoneError, type FailureWords } from "@oystar/conversation";
import { ragMessages } from "./messages";

/** Streams the events of one RAG answer (spec 001 §7); abortable through `signal`. */
export type AskStream = (request: RagAskRequest, signal: AbortSignal) => AsyncIterable<StreamChunk>;

/**
 * POST /api/ask-stream over the signed-in API client: the request's headers within the client's
 * timeout, then the event stream for as long as it runs. Non-OK answers throw HttpError ('HTTP
 * error! status: {n}'), a missing body 'No response body', an `event: error` StreamError ('Stream
 * error occurred'); one unreadable line is logged and skipped (spec 001 §8).
 */
export function httpAskStream(api: Pick<ApiClient, "raw" | "rawAt">, log: (message: string) => void = console.warn): AskStream {
  return async function* ask(request, signal) {
    const response = await api.raw(API_PATHS.askStream, {
      method: "POST",
      // Issue 35 §2: the server holds the answer, so a connection that drops resumes where it stopped.
      headers: { "Content-Type": "application/json", Accept: "text/event-stream", [RESUMABLE_REQUEST_HEADER]: "1" },
      body: JSON.stringify(request),
      signal,
    });
    const held = heldAnswerBody(api, response, { signal });
    try {
      yield* readProductStream(held.body, { onParseError: () => log("RAG: un evento illeggibile del flusso è stato saltato") });
    } catch (error) {
      // Once the answer is under way, a refusal can only be of its resume: it is no longer held.
      throw error instanceof HttpError ? new AnswerGoneError(error.serverMessage ?? ragMessages.generic) : error;
    } finally {
      held.release();
    }
  };
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
