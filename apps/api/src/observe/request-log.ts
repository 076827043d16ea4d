import { createHmac, randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { log } from "./log";
import { httpRequests, httpRequestSeconds, secondsSince, streamsOpen } from "./metrics";
import { processLoad } from "./process-load";

// issue 37 §5: every request gets an id (the balancer's X-Request-Id when it sent a sane one, else
// a new one), sent back in the answer and to the model; its line in the log and its count in the
// metrics are written when its answer has ended — for a stream, when the stream closes.

/** A balancer's request id is taken as is only when it looks like one: it is written to the log. */
const SANE_REQUEST_ID = /^[\w.:-]{8,128}$/;

declare module "hono" {
  interface ContextVariableMap {
    /**
     * Each request's id, for the work it starts to name (the model call's X-Request-Id, an error's
     * log line). Handed along on the request's context rather than found from an
     * AsyncLocalStorage: on Node 20 one of those runs a hook on every promise and every socket
     * write of the process, each streamed event's included (issue 37 §1).
     */
    requestId: string | undefined;
  }
}

/** The id of the request `c` serves (none outside requestLog, as in a test's bare app). */
export const requestIdOf = (c: Context): string | undefined => c.get("requestId");

export function requestLog({ accountKey }: { accountKey: string }): MiddlewareHandler {
  const accountHash = (id: string) => createHmac("sha256", accountKey).update(id).digest("base64url").slice(0, 16);
  return async (c, next) => {
    const given = c.req.header("x-request-id");
    const requestId = given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    const startedAt = performance.now();
    c.set("requestId", requestId);
    await next();
    // In place: the gateway's relayed answers are known by their Response object (node-stream-answer.ts).
    c.res.headers.set("X-Request-Id", requestId);

    const route = routePath(c) || "?";
    const { method } = c.req;
    const status = c.res.status;
    httpRequests.inc({ method, route, status });
    httpRequestSeconds.observe({ method, route }, secondsSince(startedAt));
    const user = (c.var as { user?: { id?: unknown } }).user;
    const line = {
      request_id: requestId,
      method,
      route,
      status,
      ...(user?.id !== undefined ? { account: accountHash(String(user.id)) } : {}),
    };
    const stream = (c.res.headers.get("content-type") ?? "").startsWith("text/event-stream");
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (stream && outgoing) {
      // A stream's line is written when it has closed, with how long it ran.
      streamsOpen.inc();
      // Issue 55 §1: admission control counts it too (streams/admission.ts).
      const closed = processLoad().streamOpened();
      outgoing.once("close", () => {
        streamsOpen.dec();
        closed();
        log.info({ ...line, stream: true, ms: Math.round(performance.now() - startedAt) }, "richiesta");
      });
      return;
    }
    log.info({ ...line, ms: Math.round(performance.now() - startedAt) }, "richiesta");
  };
}
