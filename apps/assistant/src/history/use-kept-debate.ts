import {
  asKeptDebate,
  keptDebateCreatedAt,
  keptDebateId,
  keptDebateMessages,
  keptDebateOf,
  type DebateSession,
} from "@oystar/debate-engine";
import { useEffect, useRef } from "react";
import { forgetHeldAnswer, keepHeldAnswer, readHeldAnswer } from "./held-answer";
import type { DeviceHistory } from "./use-device-history";

/**
 * Issue 35 §1: a debate is written to the device as it happens — at each completed turn, when the
 * judge's scorecard and the vote arrive, and a synthesis when its result is there — never piece by
 * piece while a turn streams (the streaming turn is not among the debate's messages yet).
 * Issue 35 §2: the turn the server was writing when the page went away (a reload, the screen left)
 * is taken up again when the page comes back: the debate opens where it was and the turn is read
 * from the server, not asked again. A first turn has no kept debate yet: it is asked again.
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
      save({
        id: keptDebateId(kept),
        module: "debate",
        createdAt: keptDebateCreatedAt(kept),
        messages: keptDebateMessages(kept),
        moduleState: kept,
      });
    });
  }, [session, save, offline]);

  useEffect(() => {
    let noted: string | null = null;
    return session.held.subscribe(({ heldTurn }) => {
      if (noted) forgetHeldAnswer(noted);
      noted = null;
      const kept = heldTurn ? keptDebateOf(session.store.getState(), { offline }) : null;
      if (!heldTurn || !kept || "synthesis" in kept) return;
      noted = keptDebateId(kept);
      keepHeldAnswer({ module: "debate", conversationId: noted, streamUrl: heldTurn.streamUrl, turn: heldTurn.turn });
    });
  }, [session, offline]);

  // Once per screen: the turn this tab was waiting for, if its debate is kept here.
  const resumed = useRef(false);
  const { status, conversations } = history;
  useEffect(() => {
    if (resumed.current) return;
    const record = readHeldAnswer("debate");
    if (!record || record.turn === undefined || status === "off" || status === "failed") {
      resumed.current = true;
      return;
    }
    const found = conversations.find((conversation) => conversation.id === record.conversationId);
    if (!found) return;
    resumed.current = true;
    const kept = asKeptDebate(found.moduleState);
    const debateId = kept && !("synthesis" in kept) ? kept.debate.debateId : null;
    if (!kept || !debateId) return forgetHeldAnswer(record.conversationId);
    session.open(kept);
    // A debate no longer at that turn, or a turn the server no longer holds, is not tried again.
    if (!session.resumeTurn({ debateId, turn: record.turn, streamUrl: record.streamUrl })) forgetHeldAnswer(record.conversationId);
  }, [session, status, conversations]);
}
