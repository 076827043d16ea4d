import type { Context } from "hono";
import { pipeline, Transform, type Readable } from "node:stream";
import type { Upstream } from "../env";
import { nodeStreamAnswer } from "../web/node-stream-answer";
import { llmMessages } from "./messages";
import { offlineStream } from "./offline-model";
import { completionsEndpoint, postUpstream, type UpstreamResponse } from "./upstream-request";

// How a charged call reaches the model and its answer reaches the caller, for the gateway's
// questions and the debate's calls alike (DESIGN.md §4): a charge stands once the request has
// been sent to the model, and is given back only when the model fails — it refused the
// connection, answered with an error, or sent nothing before the first-token guard ran out —
// never because the caller went away.


/** What an accepted charge offers: giving it back when the model fails. */
export type Refund = () => Promise<void>;

export const streamHeaders = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" };

/** A request to the model under way: its answer's head, and a way to call it off. */
export type UpstreamCall = { response: Promise<UpstreamResponse>; abort: AbortController; cancel: () => void };

/** Starts the model's request now; a client that goes away aborts it at once (it stays charged). */
export function callUpstream(upstream: Upstream, body: unknown, clientSignal: AbortSignal): UpstreamCall {
  const abort = new AbortController();
  clientSignal.addEventListener("abort", () => abort.abort(), { once: true });
  const response = postUpstream(completionsEndpoint(upstream), JSON.stringify(body), abort.signal);
  // The gateway may be counting the question while the model is asked (issue 15): a model that
  // fails before the count is done must not be an unhandled rejection — relayAnswer reads it.
  response.catch(() => {});
  return {
    response,
    abort,
    cancel: () => {
      abort.abort();
      response.then((answer) => answer.body.destroy(), () => {}).catch(() => {});
    },
  };
}

/**
 * What a relay may add to the answer: `onFirstBytes` runs once the model's first bytes are in (the
 * charge stands from then on), and the caller gets nothing before it is done — a debate marks its
 * call answered there, so the next call cannot arrive first; `onAnswered` receives the whole
 * answer's bytes once the model has sent it all, and the answer's end waits for it (an answer cut
 * off gives none); `framing` puts a debate turn's evidence events around the model's words
 * (debates/evidence-stream.ts).
 */
export type RelayOptions = {
  onFirstBytes?: () => Promise<void>;
  onAnswered?: (answer: Uint8Array) => Promise<void>;
  framing?: { opening: string; frame: (first: Buffer, body: Readable) => Readable };
};

/**
 * Streams the model's answer through (as `options` say). The model failing before its first
 * byte — or sending none within `firstTokenTimeoutMs` — gives the charge back and answers
 * 502/504; the caller leaving does not (the model had the whole request by then).
 */
export async function relayAnswer(c: Context, call: UpstreamCall, refund: Refund, firstTokenTimeoutMs: number, options: RelayOptions = {}): Promise<Response> {
  const { onFirstBytes, onAnswered, framing } = options;
  const callerLeft = () => c.req.raw.signal.aborted;
  const fail = async (status: number, answerStatus: 502 | 504 = 502) => {
    call.cancel();
    if (!callerLeft()) await refund();
    return c.json({ error: llmMessages.upstreamUnavailable, upstream_status: status }, answerStatus);
  };
  const guard = firstTokenGuard(firstTokenTimeoutMs);
  try {
    const response = await Promise.race([call.response, guard.expired]);
    if (response === "stalled") return await fail(0, 504);
    if (response.status < 200 || response.status >= 300) return await fail(response.status);
    const first = await Promise.race([firstChunk(response.body), guard.expired]);
    if (first === "stalled") return await fail(response.status, 504);
    if (!first) return await fail(response.status);
    await onFirstBytes?.();
    const headers = { ...streamHeaders, "Content-Type": response.contentType ?? streamHeaders["Content-Type"] };
    if (framing) return nodeStreamAnswer(Buffer.from(framing.opening), framing.frame(first, response.body), { headers }, () => call.abort.abort());
    const rest = onAnswered ? keepingAnswer(first, response.body, onAnswered) : response.body;
    return nodeStreamAnswer(first, rest, { headers }, () => call.abort.abort());
  } catch {
    return await fail(0);
  } finally {
    guard.clear();
  }
}

/**
 * A caller gone while its call was being counted: nothing has reached the model, so the charge is
 * given back and nothing is sent. Null while the caller is still there.
 */
export async function goneBeforeAsking(c: Context, refund: Refund): Promise<Response | null> {
  if (!c.req.raw.signal.aborted) return null;
  await refund();
  return c.body(null, 204);
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
