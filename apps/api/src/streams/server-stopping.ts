import type { Context, MiddlewareHandler } from "hono";
import { PassThrough } from "node:stream";
import { answerSource, nodeStreamAnswer } from "../web/node-stream-answer";
import { streamMessages } from "./messages";

// Issue 37 §3: a stopping server (SIGTERM, web/draining.ts) lets its answers in progress finish for
// up to DRAIN_TIMEOUT_MS. An answer still running then is not cut mid-word: it ends with one more
// event that says, in Italian, why it stops here, its model is stopped, and its question is given
// back (the rule of llm/model-answer.ts: the caller did not leave, the server failed it).

/** The server's "answers in progress must end now", fired once when draining runs out of time. */
export type ServerStop = { readonly signal: AbortSignal; stop(): void };

export function serverStop(): ServerStop {
  const controller = new AbortController();
  return { signal: controller.signal, stop: () => controller.abort() };
}

/** How a route's stream says an error, in the format its readers parse. */
export type ClosingEvent = (message: string) => string;

/** The OpenAI-style error event the chat's and the debate's readers turn into an error (readModelStream). */
export const modelStreamClosing: ClosingEvent = (message) => `data: ${JSON.stringify({ error: { message } })}\n\n`;

/** RAG's `event: error` (rag-routes.ts), read by rag-client as a failed question. */
export const ragStreamClosing: ClosingEvent = (message) => `event: error\ndata: ${JSON.stringify({ error: message })}\n\n`;

type Refund = () => Promise<void>;
const refunds = new WeakMap<Request, Refund>();

/**
 * The question this request was charged for, given back if the server stops its answer. A route
 * calls it once the charge is taken; a refund the route may also make itself must be the same
 * once-only function (`once`), so that a question is never given back twice.
 */
export function givenBackIfServerStops(c: Context, refund: Refund): void {
  refunds.set(c.req.raw, refund);
}

/** `refund` made safe to call from two places: the first call gives the question back, later ones nothing. */
export function once(refund: Refund): Refund {
  let given: Promise<void> | null = null;
  return () => (given ??= refund());
}

/**
 * On a streamed route, just inside the step that holds answers for a resume: the route's event
 * stream, ended by `closing` if the server stops while it is being written. A held answer then
 * keeps that last event too, so a client that resumes reads why it stopped.
 */
export function endsWhenServerStops(stop: AbortSignal, closing: ClosingEvent): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (!response.ok || !(response.headers.get("Content-Type") ?? "").startsWith("text/event-stream")) return;
    const source = answerSource(response);
    const answer = new PassThrough();
    source.pipe(answer);
    const cut = () => {
      if (answer.writableEnded || answer.destroyed) return;
      // The model (or the offline writer) behind the answer stops with its source.
      source.unpipe(answer);
      source.destroy();
      answer.end(closing(streamMessages.serverStopping));
      void refunds.get(c.req.raw)?.().catch(() => {});
    };
    if (stop.aborted) cut();
    else {
      stop.addEventListener("abort", cut, { once: true });
      answer.once("close", () => stop.removeEventListener("abort", cut));
    }
    // An answer that fails mid-way ends where it stopped, as every relayed answer does.
    source.on("error", () => {}).once("close", () => {
      if (!answer.writableEnded) answer.end();
    });
    const headers = new Headers(response.headers);
    c.res = undefined;
    c.res = nodeStreamAnswer(Buffer.alloc(0), answer, { status: response.status, headers }, () => source.destroy());
  };
}
