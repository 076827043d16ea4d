import { API_PATHS, LAST_EVENT_ID_HEADER, RESUMABLE_REQUEST_HEADER, STREAM_ID_HEADER } from "@oystar/api-client";
import type { HttpBindings } from "@hono/node-server";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { PassThrough } from "node:stream";
import type { Access, SignedInVariables } from "../auth/access";
import type { Queryable } from "../db/database";
import { perAccountLimit } from "../web/account-limit";
import { waitInMinutes } from "../web/messages";
import { answerSource, earlyEndOf, fedAnswer, nodeStreamAnswer } from "../web/node-stream-answer";
import type { AnswerRelay } from "./answer-relay";
import { answerRequestOf, answerStopsOn } from "./answer-request";
import type { AnswersInProgress, HeldAnswer } from "./answers-in-progress";
import { streamMessages } from "./messages";

// Issue 35 §2: the HTTP side of answers in progress (answers-in-progress.ts). A streamed answer the
// product's client asked to be resumable is held and read to its end by the server; the client's
// connection is only one reader of it. Third-party callers of the OpenAI-compatible gateway, which
// do not ask, keep its contract: a caller that leaves stops the model at once (DESIGN.md §5).

/**
 * When the route's work for this request must stop — STOP for a resumable answer, the caller
 * leaving otherwise (llm, RAG and debate routes read it, never `c.req.raw.signal`).
 */
export function callerSignal(c: Context): AbortSignal {
  return answerRequestOf(c).stop;
}

/** The step a streamed route takes after its signed-in policy to hold its answer for a resume. */
export type Resumable = MiddlewareHandler<{ Variables: SignedInVariables }>;

/** A client may resume an answer at most this often a minute (a reconnect loop is held back). */
const RESUMES_PER_MINUTE = 60;

/**
 * `relay` reaches the answers other server processes hold (several servers on one PostgreSQL);
 * null when this process is the only one (the embedded PGlite).
 */
export function resumableAnswers(access: Access, db: Queryable, answers: AnswersInProgress, relay: AnswerRelay | null = null) {
  /**
   * On a streamed route, after the signed-in policy: when the client asks, the answer is held. Until
   * it is (the charge, the model's first bytes), a client that leaves still stops everything.
   */
  const resumable: Resumable = async (c, next) => {
    const accountId = c.get("user").id;
    const client = c.req.raw.signal;
    const stop = new AbortController();
    answerStopsOn(c, stop.signal);
    // Issue 47 §6: at work for the account until its answer is held (or, on the plain road, sent):
    // the account's deletion stops it.
    const release = answers.begin(accountId, () => stop.abort());
    if (c.req.header(RESUMABLE_REQUEST_HEADER) !== "1") {
      // The plain road (DESIGN.md §5): the caller leaving stops the model at once.
      client.addEventListener("abort", () => stop.abort(), { once: true });
      try {
        await next();
      } finally {
        releasedWhenSent(c, release);
      }
      return;
    }
    const leftBeforeAnswer = () => stop.abort();
    client.addEventListener("abort", leftBeforeAnswer, { once: true });
    try {
      await next();
    } finally {
      client.removeEventListener("abort", leftBeforeAnswer);
      // From here the held answer is what the account's deletion stops (answers-in-progress.ts).
      release();
    }
    const response = c.res;
    if (!response.ok || !isEventStream(response) || stop.signal.aborted) return;
    const contentType = response.headers.get("Content-Type") ?? "text/event-stream";
    const held = answers.hold(accountId, answerSource(response), contentType, () => stop.abort(), earlyEndOf(response));
    const headers = new Headers(response.headers);
    headers.set(STREAM_ID_HEADER, held.id);
    // The handler's answer is replaced whole, not merged into (Hono would wrap it again).
    // Its first reader, from the first event: nothing can have been dropped yet.
    c.res = undefined;
    c.res = readerAnswer(c, held, 0, headers) ?? undefined;
  };

  const routes = new Hono()
    .get(
      API_PATHS.answerStream,
      access.signedIn,
      perAccountLimit(db, {
        action: "answer-resume",
        limit: RESUMES_PER_MINUTE,
        windowSeconds: 60,
        tooMany: (seconds) => streamMessages.tooManyResumes(waitInMinutes(seconds)),
      }),
      async (c) => {
        const lastEventId = parseLastEventId(c.req.header(LAST_EVENT_ID_HEADER));
        if (lastEventId === null) return c.json({ error: streamMessages.badLastEventId }, 400);
        const accountId = c.get("user").id;
        const streamId = c.req.param("streamId");
        const held = answers.find(accountId, streamId);
        if (held) {
          const answer = readerAnswer(c, held, lastEventId, answerHeaders(held.contentType, held.id));
          return answer ?? c.json({ error: streamMessages.partLost }, 410);
        }
        // Held by another server process, perhaps: relayed from it.
        if (!relay) return c.json({ error: streamMessages.notFound }, 404);
        const connection = new PassThrough();
        const relayed = await relay.read(accountId, streamId, lastEventId, {
          write: (event) => connection.write(event),
          end: () => connection.end(),
        });
        if (relayed === null) return c.json({ error: streamMessages.notFound }, 404);
        if (relayed === "gone") return c.json({ error: streamMessages.partLost }, 410);
        const left = () => {
          relayed.leave();
          connection.destroy();
        };
        c.req.raw.signal.addEventListener("abort", left, { once: true });
        return nodeStreamAnswer(Buffer.alloc(0), connection, { status: 200, headers: answerHeaders(relayed.contentType, streamId) }, left);
      },
    )
    .delete(API_PATHS.answerStream, access.signedIn, async (c) => {
      const accountId = c.get("user").id;
      const streamId = c.req.param("streamId");
      const held = answers.find(accountId, streamId);
      if (held) {
        held.stop();
        return c.body(null, 204);
      }
      if (relay && (await relay.stop(accountId, streamId))) return c.body(null, 204);
      return c.json({ error: streamMessages.notFound }, 404);
    });

  return { resumable, routes };
}

/** `release` once the answer is sent whole or its connection closes (at once where no connection is known: the app in-process). */
function releasedWhenSent(c: Context, release: () => void) {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing && !outgoing.destroyed && !outgoing.writableFinished) outgoing.once("close", release);
  else release();
}

/** The held answer for one client connection, from after `lastEventId`; null when it cannot be given whole. */
function readerAnswer(c: Context, held: HeldAnswer, lastEventId: number, headers: Headers): Response | null {
  // Written straight into the client's connection (issue 37 §1), not through a stream of its own.
  const left = () => held.detach(answer.feed);
  const answer = fedAnswer({ status: 200, headers }, left);
  if (held.attach(answer.feed, lastEventId) === "gone") return null;
  c.req.raw.signal.addEventListener("abort", left, { once: true });
  return answer.response;
}

const answerHeaders = (contentType: string, streamId: string) =>
  new Headers({ "Content-Type": contentType, "Cache-Control": "no-store", "X-Accel-Buffering": "no", [STREAM_ID_HEADER]: streamId });

const isEventStream = (response: Response) => (response.headers.get("Content-Type") ?? "").startsWith("text/event-stream");

/** The standard header's value: the number of the last event received; none means before the first. */
function parseLastEventId(value: string | undefined): number | null {
  if (value === undefined || value.trim() === "") return 0;
  return /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : null;
}
