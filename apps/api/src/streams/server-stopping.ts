import type { Context, MiddlewareHandler } from "hono";
import { endingEarly } from "../web/node-stream-answer";
import { answerRequestOf, type Refund } from "./answer-request";
import { streamMessages } from "./messages";

// Issue 37 §3: a stopping server (SIGTERM, web/draining.ts) lets its answers in progress finish for
// up to DRAIN_TIMEOUT_MS. An answer still running then is not cut mid-word: it ends with one more
// event that says, in Italian, why it stops here, its model is stopped, and its question is given
// back (the rule of llm/model-answer.ts: the caller did not leave, the server failed it).

/** The server's "answers in progress must end now", said once when draining runs out of time. */
export type ServerStop = {
  /** Calls `cut` when the server stops its answers (at once if it already has); gives back a way to stop listening. */
  when(cut: () => void): () => void;
  /** Work a cut started (a question given back) that must be done before the database closes. */
  finishing(work: Promise<unknown>): void;
  /** Cuts every answer waiting; resolves once the work the cuts started is done. */
  stop(): Promise<void>;
};

export function serverStop(): ServerStop {
  // A set, not an AbortSignal's listeners: thousands of answers may be waiting on it at once.
  const waiting = new Set<() => void>();
  const work: Array<Promise<unknown>> = [];
  let stopped = false;
  return {
    when(cut) {
      if (stopped) {
        cut();
        return () => {};
      }
      waiting.add(cut);
      return () => waiting.delete(cut);
    },
    finishing(started) {
      work.push(started.catch(() => {}));
    },
    async stop() {
      stopped = true;
      for (const cut of [...waiting]) cut();
      waiting.clear();
      await Promise.all(work);
    },
  };
}

/** How a route's stream says an error, in the format its readers parse. */
export type ClosingEvent = (message: string) => string;

/** The OpenAI-style error event the chat's and the debate's readers turn into an error (readModelStream). */
export const modelStreamClosing: ClosingEvent = (message) => `data: ${JSON.stringify({ error: { message } })}\n\n`;

/** RAG's `event: error` (rag-routes.ts), read by rag-client as a failed question. */
export const ragStreamClosing: ClosingEvent = (message) => `event: error\ndata: ${JSON.stringify({ error: message })}\n\n`;

/**
 * The question this request was charged for, given back if the server stops its answer. A route
 * calls it once the charge is taken; a refund the route may also make itself must be the same
 * once-only function (`once`), so that a question is never given back twice.
 */
export function givenBackIfServerStops(c: Context, refund: Refund): void {
  answerRequestOf(c).refund = refund;
}

/** `refund` made safe to call from two places: the first call gives the question back, later ones nothing. */
export function once(refund: Refund): Refund {
  let given: Promise<void> | null = null;
  return () => (given ??= refund());
}

/** Streams ended early for another cause than the server stopping: the overload (admission.ts). */
export type StreamCuts = { when(cut: () => void): () => void };

/**
 * On a streamed route, just inside the step that holds answers for a resume: the route's event
 * stream ends with `closing` if the server stops while it is being written — whoever writes it, the
 * connection (web/node-stream-answer.ts) or a held answer, which keeps that last event for a client
 * that resumes. Issue 55 §2: the same when the overload ends it (`overload`), with its own words;
 * either way its question is given back.
 */
export function endsWhenServerStops(stop: ServerStop, closing: ClosingEvent, overload?: StreamCuts): MiddlewareHandler {
  const stopping = Buffer.from(closing(streamMessages.serverStopping));
  const overloaded = Buffer.from(closing(streamMessages.overloaded));
  return async (c, next) => {
    await next();
    const response = c.res;
    if (!response.ok || !(response.headers.get("Content-Type") ?? "").startsWith("text/event-stream")) return;
    // What the last event says: read by whoever writes it, once a cut has happened.
    let said = stopping;
    const ending = endingEarly(response, {
      when: (cut) => {
        const stopListening = stop.when(() => {
          said = stopping;
          cut();
        });
        const overloadListening = overload?.when(() => {
          said = overloaded;
          cut();
        });
        return () => {
          stopListening();
          overloadListening?.();
        };
      },
      get closing() {
        return said;
      },
      onCut: () => {
        const refund = answerRequestOf(c).refund;
        if (!refund) return;
        // A stopping server waits for its refunds before the database closes; a running one does not.
        if (said === stopping) stop.finishing(refund());
        else void refund().catch(() => {});
      },
    });
    if (ending === response) return;
    // A web body read through one that can end it: the handler's answer is replaced whole.
    c.res = undefined;
    c.res = ending;
  };
}
