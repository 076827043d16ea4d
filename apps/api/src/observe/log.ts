import { pino, type Level } from "pino";

// issue 37 §5: the server's log, one JSON object a line (pino), at LOG_LEVEL. What may go in it:
// a request's id, method, route pattern, status, duration and a keyed hash of the account; a
// failure's kind. Never a question, an answer, a document's text, a token or an address
// (DESIGN.md §7) — the privacy canary reads every line a run writes.

/** Where the lines go: the server's stdout, or stderr in a command whose stdout is its answer. */
let destination: NodeJS.WritableStream = process.stdout;

/** Through process.stdout (not straight to the file descriptor): a log collector, and the canary test, read it there. */
export const log = pino(
  {
    // The process id tells the lines of WORKERS processes apart.
    base: { service: "oystar", pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  { write: (line: string) => destination.write(line) },
);

/** Issue 54 §5: a command that answers on stdout (`pnpm rag search` prints JSON, one line a question) logs on stderr. */
export function logToStandardError(): void {
  destination = process.stderr;
}

export type LogLevel = Level | "silent";

export function setLogLevel(level: LogLevel): void {
  log.level = level;
}
