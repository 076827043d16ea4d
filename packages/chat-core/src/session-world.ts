// What every question-and-answer session (the chat's, the RAG's) needs of the world, injected so
// the core runs and is tested without a clock or timers of its own.

/** spec 001 §4: the plan and quotas are read again 500 ms after each question. */
export const QUOTA_REFRESH_DELAY_MS = 500;

export type SessionWorld = {
  now: () => number;
  /** Runs a task later (the quota refresh after a question). */
  later: (task: () => void, delayMs: number) => void;
  /** spec 001 §4: reads the plan and quotas again. */
  refreshQuota: () => void;
};

/** spec 001 §4: after each question the quotas are read again, a moment later. */
export function refreshQuotaLater(world: SessionWorld): void {
  world.later(world.refreshQuota, QUOTA_REFRESH_DELAY_MS);
}
