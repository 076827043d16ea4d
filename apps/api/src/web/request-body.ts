import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { IncomingMessage } from "node:http";
import { webMessages } from "./messages";

export type BodyCeiling = {
  maxBytes: number;
  /** What the 413 says to the user. */
  tooLarge?: string;
  /** The whole body must arrive within this time: a trickled body is cut (408). */
  readTimeoutMs?: number;
};

/** Unauthenticated callers get a few seconds to send a small body (issue 10: slow bodies). */
export const QUICK_BODY_MS = 10_000;

/**
 * A signed-in route whose legitimate body is large (a 2.4 MB conversation to the gateway, a RAG
 * question with its history) gives it longer on a slow uplink: the caller is known by then.
 */
export const SIGNED_IN_BODY_MS = 60_000;

const declaredCeilings = new WeakSet<object>();

/**
 * A route's own ceiling on its request body, declared where the route is defined:
 *
 *   app.post("/api/forms/contact", access.public, bodyCeiling({ maxBytes: 64 * 1024 }), handler)
 *
 * The body is read once, here, at most `maxBytes` of it: a declared Content-Length over the
 * ceiling is refused before a byte is read, a chunked body is cut as soon as it passes it.
 */
export function bodyCeiling(ceiling: BodyCeiling): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (c, next) => {
    const refused = await readBounded(c, ceiling);
    return refused ?? next();
  };
  declaredCeilings.add(middleware);
  return middleware;
}

/**
 * A route that takes no body (issue 28 §8): none, or an empty JSON object, passes; anything else
 * is a 400 — a client sending data there is confused, and nothing is done on its behalf.
 */
export function noBody(): MiddlewareHandler {
  const middleware: MiddlewareHandler = async (c, next) => {
    const refused = await readBounded(c, { maxBytes: 64 });
    if (refused) return refused;
    const text = (await c.req.text()).trim();
    if (text !== "" && text !== "{}") return c.json({ error: webMessages.noBodyExpected }, 400);
    return next();
  };
  declaredCeilings.add(middleware);
  return middleware;
}

/**
 * A route that reads its body itself, as a stream, within bounds of its own (issue 48: uploads go
 * to disk as they arrive, never whole in memory): the default ceiling leaves it alone.
 */
export function streamedBody(middleware: MiddlewareHandler): MiddlewareHandler {
  declaredCeilings.add(middleware);
  return middleware;
}

/** The ceiling for every route that declares none (registered before all routes in app.ts). */
export function defaultBodyCeiling(ceiling: BodyCeiling): MiddlewareHandler {
  return async (c, next) => {
    if (matchedRoutes(c).some((route) => declaredCeilings.has(route.handler))) return next();
    const refused = await readBounded(c, ceiling);
    return refused ?? next();
  };
}

/** Reads the body within the ceiling and deadline, or answers the refusal. */
async function readBounded(c: Context, { maxBytes, tooLarge = webMessages.bodyTooLarge, readTimeoutMs = QUICK_BODY_MS }: BodyCeiling) {
  // @hono/node-server hands the Node request over as `c.env.incoming`.
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof IncomingMessage ? !hasBody(incoming) : !c.req.raw.body) return null;
  // The connection is closed after a refusal, so the client's unread remainder goes nowhere.
  const refuse = (status: 408 | 413, error: string) => c.json({ error }, status, { Connection: "close" });
  const declared = Number(c.req.header("content-length"));
  if (!c.req.header("transfer-encoding") && Number.isFinite(declared) && declared > maxBytes) return refuse(413, tooLarge);

  const read =
    incoming instanceof IncomingMessage
      ? await readNodeBody(incoming, maxBytes, readTimeoutMs)
      : await readWebBody(c, maxBytes, readTimeoutMs);
  if (read === "late") return refuse(408, webMessages.bodyTooSlow);
  if (read === "too-large") return refuse(413, tooLarge);
  // The client went away mid-body: nobody is left to answer, and it is not a server fault.
  if (read === "gone") return c.json({ error: webMessages.badRequest }, 400);
  if (incoming instanceof IncomingMessage) {
    // Where @hono/node-server looks for a body read beforehand: c.req.json(), text() and
    // parseBody() read these bytes, and no web Request is built for them (issue 15 §3).
    (incoming as IncomingMessage & { rawBody?: Buffer }).rawBody = read;
  } else {
    // Later readers (c.req.json(), parseBody()) read these bytes, not the network.
    c.req.raw = new Request(c.req.raw, { body: new Uint8Array(read) });
  }
  return null;
}

type BodyRead = Buffer | "late" | "too-large" | "gone";

const hasBody = (incoming: IncomingMessage) =>
  incoming.headers["transfer-encoding"] !== undefined || Number(incoming.headers["content-length"] ?? 0) > 0;

/** The body straight off the Node stream: no web streams on the way to the first token. */
function readNodeBody(incoming: IncomingMessage, maxBytes: number, readTimeoutMs: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyRead) => {
      clearTimeout(timer);
      incoming.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onGone);
      // Refused: stop reading what the client is still sending (the connection closes after the answer).
      if (typeof result === "string") incoming.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) return finish("too-large");
      chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onGone = () => finish("gone");
    const timer = setTimeout(() => finish("late"), readTimeoutMs);
    incoming.on("data", onData).once("end", onEnd).once("error", onGone).once("close", onGone);
  });
}

/** The body of a web Request (the app called in-process, as `app.request` does). */
async function readWebBody(c: Context, maxBytes: number, readTimeoutMs: number): Promise<BodyRead> {
  const reader = (c.req.raw.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), readTimeoutMs);
  });
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), deadline]);
      if (read === "late") return "late";
      if (read.done) {
        complete = true;
        return Buffer.concat(chunks, size);
      }
      size += read.value.byteLength;
      if (size > maxBytes) return "too-large";
      chunks.push(read.value);
    }
  } catch {
    return "gone";
  } finally {
    clearTimeout(timer);
    // Refused: stop reading what the client is still sending.
    if (!complete) void reader.cancel().catch(() => {});
  }
}

/**
 * JSON routes take JSON only: a cross-site form can post `text/plain` without a preflight,
 * never `application/json` (issue 10 §7).
 */
export const jsonOnly: MiddlewareHandler = async (c, next) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/json" && !/^application\/[\w.+-]+\+json$/.test(type)) {
    return c.json({ error: webMessages.jsonOnly }, 415);
  }
  return next();
};
