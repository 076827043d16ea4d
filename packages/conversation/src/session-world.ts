import type { StoreApi } from "zustand/vanilla";
import type { Clock } from "./clock";

// What every question-and-answer session (the chat's, the RAG's) needs of the world, injected so
// the core runs and is tested without a clock or timers of its own; and the steps of its notices.

/** spec 001 §4: the plan and quotas are read again 500 ms after each question. */
export const QUOTA_REFRESH_DELAY_MS = 500;

export type SessionWorld = Clock & {
  /** spec 001 §4: reads the plan and quotas again. */
  refreshQuota: () => void;
};

/** spec 001 §4: after each question the quotas are read again, a moment later. */
export function refreshQuotaLater(world: SessionWorld): void {
  world.later(world.refreshQuota, QUOTA_REFRESH_DELAY_MS);
}

/** A session's messages to the user: a failure (`alert`) and news that is not one (`notice`). */
export type SessionNoticeState = { alert: string | null; notice: string | null };

/** The steps of a session's notices, over its store: tell the user something, dismiss either. */
export function noticeSteps(store: StoreApi<SessionNoticeState>) {
  return {
    /** Tells the user something (a copied answer, a share that fell back to copying …). */
    notify(notice: string) {
      store.setState({ notice });
    },
    dismissAlert() {
      store.setState({ alert: null });
    },
    dismissNotice() {
      store.setState({ notice: null });
    },
  };
}
