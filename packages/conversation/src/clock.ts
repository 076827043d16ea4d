// The time a conversation runs on (issue 24: one port for the chat, the debate and RAG), injected
// so their cores run and are tested without real timers.

export type Clock = {
  now: () => number;
  /** Runs `task` after `delayMs`; answers a function that calls it off. */
  later: (task: () => void, delayMs: number) => () => void;
};

/** The browser's (or Node's) own clock and timers, for a conversation on a real screen. */
export const systemClock: Clock = {
  now: () => Date.now(),
  later(task, delayMs) {
    const timer = setTimeout(task, delayMs);
    return () => clearTimeout(timer);
  },
};
