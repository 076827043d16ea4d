import { keptDebateCreatedAt, keptDebateId, keptDebateMessages, keptDebateOf, type DebateSession } from "@oystar/debate-engine";
import { useEffect } from "react";
import type { DeviceHistory } from "./use-device-history";

/**
 * Issue 35 §1: a debate is written to the device as it happens — at each completed turn, when the
 * judge's scorecard and the vote arrive, and a synthesis when its result is there — never piece by
 * piece while a turn streams (the streaming turn is not among the debate's messages yet).
 */
export function useKeptDebate(session: DebateSession, history: DeviceHistory, offline: boolean): void {
  const { save } = history;
  useEffect(() => {
    const shown = (state: ReturnType<DebateSession["store"]["getState"]>) => [state.messages, state.synthesis.result] as const;
    let last = shown(session.store.getState());
    return session.store.subscribe((state) => {
      const now = shown(state);
      if (now[0] === last[0] && now[1] === last[1]) return;
      last = now;
      const kept = keptDebateOf(state, { offline });
      if (!kept) return;
      save({ id: keptDebateId(kept), module: "debate", createdAt: keptDebateCreatedAt(kept), messages: keptDebateMessages(kept), moduleState: kept });
    });
  }, [session, save, offline]);
}
