import { monitorEventLoopDelay } from "node:perf_hooks";

// Issue 55 §1: what this process is carrying right now, read by admission control (admission.ts)
// before it takes a new question, and by the operator's metrics (observe/metrics.ts). Three
// measures: how late the event loop runs (every streamed event waits that long on top of its
// way), the model's pieces relayed a second (the relay's work), and the streams open to clients.
// One per process, as the event loop is: servers started in one process (tests) share it.

/** The event loop is sampled this often (perf_hooks' timer); each sample includes it. */
const RESOLUTION_MS = 10;
/** How often the delay's window is read and begun again: admission reads the last whole window. */
export const LOAD_WINDOW_MS = 500;

export type LoadReading = {
  /** The event loop's delay over the last window, its 99th percentile and its worst, in ms. */
  delayP99Ms: number;
  delayMaxMs: number;
  /** The model's pieces relayed a second (the last half second's pace), each a streamed event or a few. */
  eventsPerSecond: number;
  /** Event streams open to clients, and questions admitted whose answer has not begun yet. */
  openStreams: number;
  /** Questions admitted whose answer has not begun yet (signing in, counted, asking the model). */
  startingQuestions: number;
};

/** The process's load, measured from the first time it is asked for (timers unref'd: they never keep it alive). */
export type ProcessLoad = {
  reading(): LoadReading;
  /** `count` pieces of a model's answer were relayed. */
  relayed(count?: number): void;
  /** A stream (or a question on its way to be one) opened; the function given back closes it, once. */
  streamOpened(): () => void;
  /** A question admitted, on its way to its answer; the function given back says it got there (or failed), once. */
  questionStarted(): () => void;
  /** Every piece relayed since the process began: for the metrics' counter. */
  readonly relayedTotal: number;
  /** Calls `listener` with each window's reading as soon as it is taken; gives back a way to stop. */
  everyWindow(listener: (reading: LoadReading) => void): () => void;
};

function measuredLoad(): ProcessLoad {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  let delayP99Ms = 0;
  let delayMaxMs = 0;
  // Pieces relayed in this window and in the last whole one.
  let thisWindow = 0;
  let lastWindow = 0;
  let relayedTotal = 0;
  let openStreams = 0;
  let startingQuestions = 0;
  const listeners = new Set<(reading: LoadReading) => void>();
  const toMs = (nanoseconds: number) => Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS);
  const window = setInterval(() => {
    delayP99Ms = delay.count > 0 ? toMs(delay.percentile(99)) : 0;
    delayMaxMs = delay.count > 0 ? toMs(delay.max) : 0;
    delay.reset();
    lastWindow = thisWindow;
    thisWindow = 0;
    for (const listener of listeners) listener(reading());
  }, LOAD_WINDOW_MS);
  window.unref();
  const reading = (): LoadReading => ({
    delayP99Ms,
    delayMaxMs,
    // The last whole window's pace, or this one's once it is already past it.
    eventsPerSecond: (Math.max(lastWindow, thisWindow) * 1000) / LOAD_WINDOW_MS,
    openStreams,
    startingQuestions,
  });
  return {
    reading,
    relayed(count = 1) {
      thisWindow += count;
      relayedTotal += count;
    },
    streamOpened() {
      openStreams += 1;
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        openStreams -= 1;
      };
    },
    questionStarted() {
      startingQuestions += 1;
      let starting = true;
      return () => {
        if (!starting) return;
        starting = false;
        startingQuestions -= 1;
      };
    },
    get relayedTotal() {
      return relayedTotal;
    },
    everyWindow(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let load: ProcessLoad | null = null;

/** This process's load (made at the first call). */
export function processLoad(): ProcessLoad {
  load ??= measuredLoad();
  return load;
}
