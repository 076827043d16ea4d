import type { MiddlewareHandler } from "hono";
import { admissionLimit, admissionRefusals, streamsShed } from "../observe/metrics";
import { log } from "../observe/log";
import { streamMessages } from "./messages";
import { processLoad, type LoadReading, type ProcessLoad } from "../observe/process-load";
import { calibratedEventsPerSecond } from "./relay-calibration";

// Issue 55 §1, §2: a process past what it can carry refuses a NEW question — before it is read,
// signed in or charged: a 503 with Retry-After, which the balancer tries on another server and the
// product's client tries again once — so that the answers it has already accepted keep their pace.
// Before, nothing decided who waited: on a machine half as fast, new streams kept being accepted
// and queued behind the old, and open streams stalled, some past their answer's end.
//
// What it can carry: MAX_OPEN_STREAMS streams open, when the operator sets it (sized by the
// metrics, deploy/README.md); otherwise the events a second a short calibration at start says this
// machine relays (relay-calibration.ts), and streams open at a slow reader's pace of them. Whatever
// the limits, an event loop running late with many streams open refuses too: whatever its cause,
// every open stream's events already wait that long.
//
// And if the loop runs over a second late all the same (something else took the machine), the
// newest streams end with an error event that says so, their question given back
// (server-stopping.ts), rather than every stream stalling: each accepted stream's events reach its
// client within a second of the model's, or the stream says why it stopped.

export type AdmissionLimits = {
  /** Streams open at once (questions on their way to a stream included); null: no bound of its own. */
  maxOpenStreams: number | null;
  /** The model's pieces relayed a second; null: no bound of its own. */
  maxEventsPerSecond: number | null;
};

/** A new question is refused while the event loop's p99 delay over the last half second is past this… */
export const DELAY_LIMIT_MS = 100;
/** …with at least this many streams open: a late loop with a few open is not theirs to refuse for. */
export const DELAY_FLOOR_STREAMS = 32;
/** The loop this late means events reached their clients over a second after the model's. */
export const STALL_MS = 1_000;
/** Of the streams open, the share ended (the newest) each half second the loop stalls. */
const SHED_SHARE = 0.1;
/**
 * Questions admitted and not answered yet (signing in, counted, asking the model): past this many,
 * the process is slower to start answers than they arrive, and a new one would only wait behind them.
 */
export const MAX_STARTING_QUESTIONS = 32;
/** Slowest pace a stream is counted at when its open bound comes from the calibration: events a second. */
export const SLOW_STREAM_EVENTS_PER_SECOND = 5;
/** Retry-After, in seconds: spread over a few so that refused callers do not all come back at once. */
const RETRY_AFTER_SECONDS = { least: 2, most: 5 };

export type RefusalReason = "open_streams" | "starting" | "events" | "delay";

/** Why a new question is refused now, or null when it is admitted. */
export function refusalOf(reading: LoadReading, limits: AdmissionLimits): RefusalReason | null {
  if (limits.maxOpenStreams !== null && reading.openStreams >= limits.maxOpenStreams) return "open_streams";
  if (reading.startingQuestions >= MAX_STARTING_QUESTIONS) return "starting";
  if (limits.maxEventsPerSecond !== null && reading.eventsPerSecond >= limits.maxEventsPerSecond) return "events";
  if (reading.delayP99Ms > DELAY_LIMIT_MS && reading.openStreams >= DELAY_FLOOR_STREAMS) return "delay";
  return null;
}

/** Streams that may be ended for the overload, newest first (the refunds are server-stopping.ts's). */
export type OverloadCuts = {
  /** Calls `cut` if this stream is ended for the overload; gives back a way to stop listening. */
  when(cut: () => void): () => void;
  /** Ends the `count` newest streams; says how many it ended. */
  shed(count: number): number;
};

export function overloadCuts(): OverloadCuts {
  // A set keeps insertion order: the newest stream is the last.
  const waiting = new Set<() => void>();
  return {
    when(cut) {
      waiting.add(cut);
      return () => waiting.delete(cut);
    },
    shed(count) {
      const newest = [...waiting].slice(-count).reverse();
      for (const cut of newest) {
        waiting.delete(cut);
        cut();
      }
      return newest.length;
    },
  };
}

export type Admission = {
  /** The step before anything else on a route that takes a new question (chat, RAG, a debate's call). */
  newQuestion: MiddlewareHandler;
  /** The streams that may be ended if the loop stalls (streams/server-stopping.ts registers them). */
  cuts: OverloadCuts;
  /** The limits in force (null until the calibration is done, when there is one). */
  limits(): AdmissionLimits;
  /** Stops watching the load (the server closes). */
  close(): void;
};

/**
 * `maxOpenStreams`: MAX_OPEN_STREAMS, or null to calibrate. `calibrate` is the calibration
 * (tests give their own); `load` the process's (tests give a made-up one).
 */
export function admission(
  maxOpenStreams: number | null,
  { load = processLoad(), calibrate = calibratedEventsPerSecond }: { load?: ProcessLoad; calibrate?: () => Promise<number> } = {},
): Admission {
  let limits: AdmissionLimits = { maxOpenStreams, maxEventsPerSecond: null };
  const known = () => {
    if (limits.maxOpenStreams !== null) admissionLimit.set({ limit: "open_streams" }, limits.maxOpenStreams);
    if (limits.maxEventsPerSecond !== null) admissionLimit.set({ limit: "events_per_second" }, limits.maxEventsPerSecond);
  };
  known();
  if (maxOpenStreams === null) {
    // In the background, once the server runs: a question arriving meanwhile is judged by the loop's delay.
    const calibrating = setTimeout(() => {
      void calibrate().then((eventsPerSecond) => {
        if (eventsPerSecond <= 0) return;
        limits = {
          maxOpenStreams: Math.max(DELAY_FLOOR_STREAMS, Math.floor(eventsPerSecond / SLOW_STREAM_EVENTS_PER_SECOND)),
          maxEventsPerSecond: eventsPerSecond,
        };
        known();
        log.info({ max_events_per_second: limits.maxEventsPerSecond, max_open_streams: limits.maxOpenStreams }, "Capacità calibrata");
      });
    }, 0);
    calibrating.unref();
  }
  const cuts = overloadCuts();
  // The safety net of §2: a loop over a second late ends the newest streams, a share each window.
  const stopWatching = load.everyWindow((reading) => {
    if (reading.delayMaxMs <= STALL_MS || reading.openStreams < DELAY_FLOOR_STREAMS) return;
    const ended = cuts.shed(Math.max(1, Math.ceil(reading.openStreams * SHED_SHARE)));
    if (ended > 0) streamsShed.inc(ended);
  });

  const newQuestion: MiddlewareHandler = async (c, next) => {
    const reason = refusalOf(load.reading(), limits);
    if (reason) {
      admissionRefusals.inc({ reason });
      const seconds = retryAfterSeconds();
      return c.json({ error: streamMessages.busy(seconds), retry_after: seconds }, 503, {
        "Retry-After": String(seconds),
        ...(keptAfterRefusal(c.req.header("Content-Length"), c.req.header("Transfer-Encoding")) ? {} : { Connection: "close" }),
      });
    }
    // Counted open from now: questions arriving together see each other before their streams begin.
    const close = load.streamOpened();
    const started = load.questionStarted();
    try {
      await next();
    } finally {
      close();
      started();
    }
  };

  return { newQuestion, cuts, limits: () => limits, close: stopWatching };
}

/**
 * The body a refused question's connection stays open after: the server discards it at once, and a
 * kept-alive connection spares a busy process and its caller a new one for the next question. A
 * larger body (or one of unknown length) is not waited for: its connection closes after the
 * refusal, so that a client reusing it cannot race the server discarding the rest.
 */
const KEPT_BODY_BYTES = 64 * 1024;
const keptAfterRefusal = (contentLength: string | undefined, transferEncoding: string | undefined) =>
  contentLength === undefined
    ? transferEncoding === undefined
    : /^\d{1,9}$/.test(contentLength) && Number(contentLength) <= KEPT_BODY_BYTES;

function retryAfterSeconds(): number {
  const { least, most } = RETRY_AFTER_SECONDS;
  return least + Math.floor(Math.random() * (most - least + 1));
}
