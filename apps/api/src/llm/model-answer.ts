import { readModelStream } from "@oystar/api-client";
import type { Context } from "hono";
import type { IncomingMessage } from "node:http";
import { pipeline, Transform, type Readable } from "node:stream";
import type { Upstream } from "../env";
import { modelErrors, modelFirstTokenSeconds, secondsSince } from "../observe/metrics";
import { processLoad } from "../observe/process-load";
import { callerSignal } from "../streams/resumable-answers";
import { nodeStreamAnswer } from "../web/node-stream-answer";
import { llmMessages } from "./messages";
import { offlineStream } from "./offline-model";
import { completionsEndpoint, postUpstream, type UpstreamResponse } from "./upstream-request";

// How a charged call reaches the model and its answer reaches the caller, for the gateway's
// questions, the debate's calls and RAG's (DESIGN.md §4): a charge stands once the request has
// been sent to the model, and is given back only when the model fails — it refused the
// connection, answered with an error, or sent nothing before the first-token guard ran out —
// never because the caller went away. The gateway and the debate relay the model's answer as it
// is (relayAnswer); RAG reads it on the server (questionCalls), on the same road. Where the server
// reads the model's words — a judge's verdict, a debate turn's quotes, RAG's answer — it reads them
// with the client's own reader (readModelStream, spec 001 §7), so both read the same words.

/** What an accepted charge offers: giving it back when the model fails. */
export type Refund = () => Promise<void>;

export const streamHeaders = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" };

/** A request to the model under way: its answer's head, and a way to call it off. */
export type UpstreamCall = { response: Promise<UpstreamResponse>; abort: AbortController; cancel: () => void };

/**
 * Starts the model's request now; a client that goes away aborts it at once (it stays charged).
 * `requestId`: the id of the request it serves (observe/request-log.ts), named to the model.
 */
export function callUpstream(upstream: Upstream, body: unknown, clientSignal: AbortSignal, requestId?: string): UpstreamCall {
  const abort = new AbortController();
  if (clientSignal.aborted) abort.abort();
  clientSignal.addEventListener("abort", () => abort.abort(), { once: true });
  const response = postUpstream(completionsEndpoint(upstream), JSON.stringify(body), abort.signal, requestId);
  // The gateway may be counting the question while the model is asked (issue 15): a model that
  // fails before the count is done must not be an unhandled rejection — relayAnswer reads it.
  response.catch(() => {});
  return {
    response,
    abort,
    cancel: () => {
      abort.abort();
      response
        .then(
          (answer) => answer.body.destroy(),
          () => {},
        )
        .catch(() => {});
    },
  };
}

/**
 * What a relay may add to the answer: `onFirstBytes` runs once the model's first bytes are in (the
 * charge stands from then on), and the caller gets nothing before it is done — a debate marks its
 * call answered there, so the next call cannot arrive first; `onAnswered` receives the answer's
 * words once the model has sent them all, and the answer's end waits for it (an answer cut off
 * gives none); `framing` sends `opening` first, then the model's answer as `frame` makes it — a
 * debate turn's evidence events around the model's words (debates/evidence-stream.ts).
 */
export type RelayOptions = {
  onFirstBytes?: () => Promise<void>;
  onAnswered?: (answer: string) => Promise<void>;
  framing?: { opening: string; frame: (answer: ReadableStream<Uint8Array>) => Readable };
};

/** The model's answer stopped before its end: the connection closed or failed midway. */
export class AnswerCut extends Error {
  override name = "AnswerCut";
  constructor(cause?: unknown) {
    super("risposta del modello interrotta", { cause });
  }
}

/** How the model failed before its first byte: the failures that give a charge back. */
export class ModelFailure extends Error {
  override name = "ModelFailure";
  constructor(
    /** `connection`: refused, reset or closed before a byte; `status`: an error status; `silent`: nothing within the first-token guard. */
    readonly kind: "connection" | "status" | "silent",
    /** The model server's status, 0 when none came. */
    readonly upstreamStatus: number,
  ) {
    super(`Il modello non ha risposto (${kind}, ${upstreamStatus})`);
  }

  /** What the gateway answers: 504 when the model was silent past the guard, 502 otherwise. */
  get answerStatus(): 502 | 504 {
    return this.kind === "silent" ? 504 : 502;
  }
}

/**
 * Whether a charged question that ended without its answer gets its charge back: when the model
 * never had it, or when the model failed while the caller was still waiting — never because the
 * caller went away once the model had it (issue 22 §2, issue 33 §3).
 */
export function chargeGivenBack(ended: { asked: boolean; callerLeft: boolean; cause: unknown }): boolean {
  if (!ended.asked) return true;
  return !ended.callerLeft && ended.cause instanceof ModelFailure;
}

/**
 * A charged question the server answers itself (RAG) that ended without its whole answer: its
 * charge is given back by the rule above — the model had it once one of its calls went out, or
 * once an answer without one (the offline model's, a cached one) began reaching the caller.
 */
export async function unansweredQuestion(
  ended: { calls: QuestionCalls | null; answering: boolean; callerLeft: boolean; cause: unknown },
  refund: Refund,
): Promise<void> {
  if (chargeGivenBack({ asked: ended.answering || (ended.calls?.asked ?? false), callerLeft: ended.callerLeft, cause: ended.cause }))
    await refund();
}

/**
 * Streams the model's answer through (as `options` say). The model failing before its first
 * byte — or sending none within `firstTokenTimeoutMs` — gives the charge back and answers
 * 502/504; the caller leaving does not (the model had the whole request by then).
 */
export async function relayAnswer(
  c: Context,
  call: UpstreamCall,
  refund: Refund,
  firstTokenTimeoutMs: number,
  options: RelayOptions = {},
): Promise<Response> {
  const { onFirstBytes, onAnswered, framing } = options;
  const fail = async (failure: ModelFailure) => {
    call.cancel();
    if (chargeGivenBack({ asked: true, callerLeft: callerSignal(c).aborted, cause: failure })) await refund();
    return c.json({ error: llmMessages.upstreamUnavailable, upstream_status: failure.upstreamStatus }, failure.answerStatus);
  };
  const answer = await firstBytes(call, firstTokenTimeoutMs);
  if (answer instanceof ModelFailure) return fail(answer);
  const { response, first } = answer;
  try {
    await onFirstBytes?.();
    const headers = { ...streamHeaders, "Content-Type": response.contentType ?? streamHeaders["Content-Type"] };
    if (framing)
      return nodeStreamAnswer(Buffer.from(framing.opening), framing.frame(answerStream(first, response.body)), { headers }, () =>
        call.abort.abort(),
      );
    const rest = onAnswered ? keepingAnswer(first, response.body, async (bytes) => onAnswered(await answerText(bytes))) : response.body;
    return nodeStreamAnswer(first, rest, { headers }, () => call.abort.abort());
  } catch {
    return fail(new ModelFailure("connection", 0));
  }
}

/** A model's answer the server reads itself: its bytes, from the first. */
export type ModelReply = { contentType: string | null; body: ReadableStream<Uint8Array> };

/**
 * One charged question's calls to the model when the server reads the answers itself (RAG's
 * answer, and its question variations and HyDE passage): each on the gateway's road — the reset
 * retry, the first-token guard, a failure before the first byte thrown as ModelFailure. `asked`
 * says whether any call has been sent: from then on the charge stands unless the model fails
 * (chargeGivenBack).
 */
export type QuestionCalls = {
  readonly upstream: Upstream;
  readonly asked: boolean;
  ask(body: unknown, signal: AbortSignal): Promise<ModelReply>;
};

export function questionCalls(upstream: Upstream, firstTokenTimeoutMs: number, requestId?: string): QuestionCalls {
  let asked = false;
  return {
    upstream,
    get asked() {
      return asked;
    },
    async ask(body, signal) {
      // A caller gone before this call: nothing is sent.
      signal.throwIfAborted();
      asked = true;
      const call = callUpstream(upstream, body, signal, requestId);
      const answer = await firstBytes(call, firstTokenTimeoutMs);
      if (answer instanceof ModelFailure) {
        call.cancel();
        throw answer;
      }
      return { contentType: answer.response.contentType, body: answerStream(answer.first, answer.response.body) };
    },
  };
}

/**
 * A caller gone while its call was being counted: nothing has reached the model, so the charge is
 * given back and nothing is sent. Null while the caller is still there.
 */
export async function goneBeforeAsking(c: Context, refund: Refund): Promise<Response | null> {
  if (!callerSignal(c).aborted) return null;
  await refund();
  return c.body(null, 204);
}

/** The words of a model's whole answer, read as the client reads them. */
async function answerText(bytes: Uint8Array): Promise<string> {
  let text = "";
  for await (const delta of readModelStream(new Response(new Uint8Array(bytes)))) text += delta.content;
  return text;
}

/** The offline model's reply, streamed OpenAI-style at its steady pace (DESIGN.md §6). */
export const offlineAnswer = (reply: string, charsPerSecond: number, signal: AbortSignal) =>
  new Response(offlineStream(reply, charsPerSecond, signal), { headers: streamHeaders });

/**
 * The rest of an answer, passed on as it comes, and kept in memory (never stored or logged) so that
 * `onAnswered` can read it whole once it has ended; an answer that fails or is cut off is not given.
 */
function keepingAnswer(first: Buffer, body: Readable, onAnswered: (answer: Uint8Array) => Promise<void>): Readable {
  const chunks: Buffer[] = [first];
  const keeping = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done(null, chunk);
    },
    flush(done) {
      onAnswered(Buffer.concat(chunks)).then(
        () => done(),
        () => done(),
      );
    },
  });
  pipeline(body, keeping, () => {});
  return keeping;
}

/**
 * The model's first bytes within the first-token guard, or how it failed before them. The answer's
 * head alone is not a token: a model that sends it and then nothing is silent.
 */
async function firstBytes(
  call: UpstreamCall,
  firstTokenTimeoutMs: number,
): Promise<{ response: UpstreamResponse; first: Buffer } | ModelFailure> {
  const askedAt = performance.now();
  const outcome = await firstBytesWithin(call, firstTokenTimeoutMs);
  if (outcome instanceof ModelFailure) modelErrors.inc({ kind: outcome.kind });
  else {
    modelFirstTokenSeconds.observe(secondsSince(askedAt));
    // Issue 55 §1: the process's load counts the model's pieces as they pass (the stream stays paused).
    const load = processLoad();
    outcome.response.body.on("data", () => load.relayed());
  }
  return outcome;
}

async function firstBytesWithin(
  call: UpstreamCall,
  firstTokenTimeoutMs: number,
): Promise<{ response: UpstreamResponse; first: Buffer } | ModelFailure> {
  const guard = firstTokenGuard(firstTokenTimeoutMs);
  try {
    const response = await Promise.race([call.response, guard.expired]);
    if (response === "stalled") return new ModelFailure("silent", 0);
    if (response.status < 200 || response.status >= 300) return new ModelFailure("status", response.status);
    const first = await Promise.race([firstChunk(response.body), guard.expired]);
    if (first === "stalled") return new ModelFailure("silent", response.status);
    if (!first) return new ModelFailure("connection", response.status);
    return { response, first };
  } catch {
    return new ModelFailure("connection", 0);
  } finally {
    guard.clear();
  }
}

/**
 * `first`, then the rest of the answer as it comes (an answer is at most max_tokens long: it is
 * not held back). A reader that gives up lets the model go; one that stops at the answer's end
 * (`[DONE]`) leaves the kept-alive connection for the next call.
 */
function answerStream(first: Buffer, rest: IncomingMessage): ReadableStream<Uint8Array> {
  let reading = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const stop = (error?: Error) => {
        if (!reading) return;
        reading = false;
        if (error) controller.error(error);
        else controller.close();
      };
      controller.enqueue(first);
      // A short answer may have ended with its first bytes, while it waited paused.
      if (rest.readableEnded) return stop();
      if (rest.destroyed) return stop(new AnswerCut());
      rest.on("data", (chunk: Buffer) => {
        if (reading) controller.enqueue(chunk);
      });
      rest.once("end", () => stop());
      rest.once("error", (error) => stop(new AnswerCut(error)));
      rest.once("close", () => stop(rest.complete ? undefined : new AnswerCut()));
      rest.resume();
    },
    cancel() {
      reading = false;
      // All of it arrived: it is read to its end and the connection goes back to the pool.
      if (!rest.complete) rest.destroy();
    },
  });
}

function firstTokenGuard(timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<"stalled">((resolve) => {
    timer = setTimeout(() => resolve("stalled"), timeoutMs);
  });
  return { expired, clear: () => clearTimeout(timer) };
}

/** The answer's first bytes, or null when it fails or ends before any; the rest waits, paused. */
function firstChunk(body: Readable): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const settle = (chunk: Buffer | null) => {
      body.pause();
      body.off("data", onData).off("end", onNone).off("error", onNone).off("close", onNone);
      resolve(chunk);
    };
    const onData = (chunk: Buffer) => settle(chunk);
    const onNone = () => settle(null);
    body.on("data", onData).on("end", onNone).on("error", onNone).on("close", onNone);
  });
}
