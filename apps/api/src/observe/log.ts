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
  },
  process.stdout,
);

export type LogLevel = Level | "silent";

export function setLogLevel(level: LogLevel): void {
  log.level = level;
}
