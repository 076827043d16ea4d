import type { Server as HttpServer } from "node:http";

// issue 37 §3: a server told to stop (SIGTERM: a rolling restart, a scale-down) lets the answers
// it is writing finish. First it says 'draining' on its health check for DRAIN_NOTICE_MS while it
// still serves everything (a balancer checking every few seconds takes it out of rotation, so no
// request is refused); then it stops taking connections, closes the idle kept-alive ones, waits
// for the requests in progress — streamed answers included — for at most DRAIN_TIMEOUT_MS. Answers
// still running then are ended, each with an event saying why (`onOverdue`,
// streams/server-stopping.ts), given a moment to reach their clients, and what is left is closed.

/** How long the answers ended past DRAIN_TIMEOUT_MS have to send their last event before their connections close. */
export const LAST_WORDS_MS = 2_000;

export type Draining = {
  /** True from the stop signal on: the health check answers 503 'draining'. */
  readonly started: boolean;
  /** Drains, then resolves once every connection is closed. */
  drain(bounds: { noticeMs: number; timeoutMs: number; onOverdue?: () => Promise<void> }): Promise<void>;
};

export function drainingOf(server: HttpServer): Draining {
  let started = false;
  let inProgress = 0;
  let onIdle: (() => void) | null = null;
  server.on("request", (_request, response) => {
    inProgress += 1;
    // A kept-alive connection is not kept while draining: the next request goes elsewhere.
    if (started) response.shouldKeepAlive = false;
    response.once("close", () => {
      inProgress -= 1;
      if (inProgress === 0) onIdle?.();
    });
  });
  const idle = () => (inProgress === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve)));
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

  return {
    get started() {
      return started;
    },
    async drain({ noticeMs, timeoutMs, onOverdue }) {
      started = true;
      if (noticeMs > 0) await pause(noticeMs);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.race([idle(), pause(timeoutMs)]);
      if (inProgress > 0 && onOverdue) {
        // Their last events sent and their questions given back, or the bound: whichever first.
        await Promise.race([Promise.all([idle(), onOverdue()]), pause(LAST_WORDS_MS)]);
      }
      server.closeAllConnections();
      await closed;
    },
  };
}
