import {
  API_PATHS,
  HttpError,
  indicesListSchema,
  readProductStream,
  StreamError,
  type ApiClient,
  type IndicesList,
  type RagAskRequest,
  type StreamChunk,
} from "@oystar/api-client";
import { conversationMessages } from "@oystar/conversation";
import { ragMessages } from "./messages";

/** Streams the events of one RAG answer (spec 001 §7); abortable through `signal`. */
export type AskStream = (request: RagAskRequest, signal: AbortSignal) => AsyncIterable<StreamChunk>;

/**
 * POST /api/ask-stream over the signed-in API client: the request's headers within the client's
 * timeout, then the event stream for as long as it runs. Non-OK answers throw HttpError ('HTTP
 * error! status: {n}'), a missing body 'No response body', an `event: error` StreamError ('Stream
 * error occurred'); one unreadable line is logged and skipped (spec 001 §8).
 */
export function httpAskStream(api: Pick<ApiClient, "raw">, log: (message: string) => void = console.warn): AskStream {
  return async function* ask(request, signal) {
    const response = await api.raw(API_PATHS.askStream, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(request),
      signal,
    });
    yield* readProductStream(response, { onParseError: () => log("RAG: un evento illeggibile del flusso è stato saltato") });
  };
}

/** GET /api/indices/list (spec 001 §7): the indexes the signed-in user may ask. */
export function loadIndices(api: Pick<ApiClient, "get">, signal?: AbortSignal): Promise<IndicesList> {
  return api.get(API_PATHS.indicesList, indicesListSchema, { signal });
}

export type RagFailure =
  | { kind: "quota" }
  | { kind: "auth"; message: string }
  /** The answer says the spec's generic message; `detail` says what happened, when it adds something. */
  | { kind: "error"; message: string; detail: string | null };

/**
 * spec 001 §8: 429 → the QUOTA_EXCEEDED_UPGRADE card; 401 (or an error naming Token or Auth) →
 * the authentication message; anything else → the RAG generic error, with the server's own
 * Italian explanation (an index not available, a question too long) or the client's stream
 * error as the detail.
 */
export function classifyRagError(error: unknown): RagFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof HttpError) {
    if (error.status === 429) return { kind: "quota" };
    if (error.status === 401) return { kind: "auth", message: conversationMessages.authenticationError };
    return { kind: "error", message: ragMessages.generic, detail: error.serverMessage ?? message };
  }
  if (/\b401\b|Token|Auth/.test(message)) return { kind: "auth", message: conversationMessages.authenticationError };
  if (error instanceof StreamError) {
    const said = error.detail && error.detail !== ragMessages.generic ? error.detail : null;
    return { kind: "error", message: ragMessages.generic, detail: said ?? message };
  }
  return { kind: "error", message: ragMessages.generic, detail: message || null };
}
