import type { Context } from "hono";

// Issue 53 §5: what the stream plumbing knows of one streamed answer's request, kept as one object
// on the request's context (Hono's variables) and passed along with it, rather than in side tables
// keyed on the Request: the signal the route's work stops on (resumable-answers.ts sets it: STOP
// for a held answer, the caller leaving otherwise) and the question's refund, given back if the
// server ends the answer itself (server-stopping.ts).

/** Gives back the question a request was charged for. */
export type Refund = () => Promise<void>;

export type AnswerRequest = {
  /** When the route's work for this request must stop. */
  readonly stop: AbortSignal;
  /** The question this request was charged for, once the route has taken the charge. */
  refund: Refund | null;
};

declare module "hono" {
  interface ContextVariableMap {
    /** The streamed answer's request (streams/answer-request.ts); unset until a step needs it. */
    answerRequest: AnswerRequest | undefined;
  }
}

/** The request's answer, as the resumable step made it — or, on a route without one, stopping when the caller leaves. */
export function answerRequestOf(c: Context): AnswerRequest {
  const made = c.get("answerRequest");
  if (made) return made;
  const request: AnswerRequest = { stop: c.req.raw.signal, refund: null };
  c.set("answerRequest", request);
  return request;
}

/** The resumable step's own stop signal for this request (resumable-answers.ts), before the route runs. */
export function answerStopsOn(c: Context, stop: AbortSignal): void {
  c.set("answerRequest", { stop, refund: null });
}
