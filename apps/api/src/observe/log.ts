import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type Level } from "pino";

// issue 37 §5: the server's log, one JSON object a line (pino), at LOG_LEVEL. What may go in it:
// a request's id, method, route pattern, status, duration and a keyed hash of the account; a
// failure's kind. Never a question, an answer, a document's text, a token or an address
// (DESIGN.md §7) — the privacy canary reads every line a run writes.

/** Through process.stdout (not straight to the file descriptor): a log collector, and the canary test, read it there. */
export const log = pino(
  {
    // The process id tells the lines of WORKERS processes apart.
    base: { service: "oystar", pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // The request's id on every line written while it is served.
    mixin: () => {
      const requestId = requestContext.getStore()?.requestId;
      return requestId ? { request_id: requestId } : {};
    },
  },
  process.stdout,
);

export type LogLevel = Level | "silent";

export function setLogLevel(level: LogLevel): void {
  log.level = level;
}

/** What the server knows of the request a piece of work belongs to (the model call reads its id). */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request being served, if any: sent to the model as X-Request-Id. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;
