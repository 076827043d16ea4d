import { API_PATHS, apiPath } from "../api-paths";
import type { ApiClient } from "../client";
import { resumableBody, STOPPED_BY_USER } from "./resumable-body";
import { LAST_EVENT_ID_HEADER, STREAM_ID_HEADER } from "./resume-headers";

// Issue 35 §2: what a client does with an answer the server holds, whatever the answer's protocol
// (a model's chat completion, RAG's events): it resumes the body when the connection drops, and a
// STOP stops the answer on the server too — a page that only leaves does not.

export type HeldAnswerBody = {
  /** The answer's bytes, resumed underneath as needed. */
  body: ReadableStream<Uint8Array>;
  /** Where the server holds it (a reloaded page resumes it there); null when it holds none. */
  streamUrl: string | null;
  /** The answer is over for this reader: STOP no longer concerns it. */
  release: () => void;
};

export type HeldAnswerOptions = {
  /** The reader's own signal: aborted with STOPPED_BY_USER, the server stops the answer. */
  signal: AbortSignal;
  /** When resuming must stop (the reader's signal, with its limits); the reader's signal if unsaid. */
  stop?: AbortSignal;
  /** The headers a resume and a STOP carry (the account's token). */
  headers?: Record<string, string>;
  timeoutMs?: number;
};

export function heldAnswerBody(
  api: Pick<ApiClient, "rawAt">,
  response: Response,
  { signal, stop = signal, headers = {}, timeoutMs }: HeldAnswerOptions,
): HeldAnswerBody {
  // spec 001 §8: 'No response body'.
  if (!response.body) throw new Error("No response body");
  const streamUrl = heldAnswerUrl(response);
  if (!streamUrl) return { body: response.body, streamUrl: null, release: () => {} };
  const stopOnServer = () => {
    if (signal.reason === STOPPED_BY_USER) void api.rawAt(streamUrl, { method: "DELETE", headers, keepalive: true }).catch(() => {});
  };
  signal.addEventListener("abort", stopOnServer, { once: true });
  const resume = (lastEventId: string | null) =>
    api.rawAt(streamUrl, {
      method: "GET",
      headers: { Accept: "text/event-stream", ...headers, ...(lastEventId ? { [LAST_EVENT_ID_HEADER]: lastEventId } : {}) },
      signal: stop,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  return {
    body: resumableBody(response, { resume, signal: stop }),
    streamUrl,
    release: () => signal.removeEventListener("abort", stopOnServer),
  };
}

/** Where the server holds this answer: on the origin that answered; null when it holds none. */
function heldAnswerUrl(response: Response): string | null {
  const streamId = response.headers.get(STREAM_ID_HEADER);
  if (!streamId) return null;
  const path = apiPath(API_PATHS.answerStream, { streamId });
  return response.url ? new URL(path, response.url).href : path;
}
