import type { Clock } from "../clock";

// A clock for tests: time moves only when the test says, and the timers due fire in order.

type Timer = { at: number; task: () => void };

export type VirtualTime = ReturnType<typeof virtualTime>;

export function virtualTime(start = 1_700_000_000_000) {
  let now = start;
  let timers: Timer[] = [];
  const clock: Clock = {
    now: () => now,
    later(task, delayMs) {
      const timer = { at: now + delayMs, task };
      timers.push(timer);
      return () => {
        timers = timers.filter((pending) => pending !== timer);
      };
    },
  };
  return {
    clock,
    pendingTimers: () => timers.length,
    /** Moves the clock on, firing the timers that fall due, in order. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.task();
      }
      now = until;
    },
  };
}
