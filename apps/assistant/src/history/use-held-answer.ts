import type { SavedConversation } from "@oystar/conversation/history";
import { useEffect, useRef } from "react";
import { forgetHeldAnswer, keepHeldAnswer, readHeldAnswer, type HeldAnswerModule } from "./held-answer";
import type { DeviceHistory } from "./use-device-history";

/** What a screen's session says of the answer the server holds for it, and how it takes one up. */
type Holding = { heldAnswer: string | null; conversation: { id: string } };
export type HoldingSession = {
  store: { getState(): Holding; subscribe(listener: (state: Holding) => void): () => void };
  /** Reads the held answer into the open conversation; resolves to whether it arrived complete. */
  resume(streamUrl: string): Promise<boolean>;
};

/**
 * Issue 35 §2: an answer the server holds is noted for this tab while it is written, and a page
 * that comes back (a reload, the screen left and opened again) opens its conversation — once the
 * device's history has it — and takes the answer up again, from its start, without asking again.
 */
export function useHeldAnswer(
  module: HeldAnswerModule,
  session: HoldingSession,
  history: DeviceHistory,
  open: (kept: SavedConversation) => void,
): void {
  useEffect(() => {
    let held = session.store.getState().heldAnswer;
    let heldIn = session.store.getState().conversation.id;
    return session.store.subscribe((state) => {
      if (state.heldAnswer === held) return;
      // Forgotten for the conversation it was noted for (a new conversation may have replaced it).
      if (held) forgetHeldAnswer(heldIn);
      held = state.heldAnswer;
      heldIn = state.conversation.id;
      if (held) keepHeldAnswer({ module, conversationId: heldIn, streamUrl: held });
    });
  }, [module, session]);

  // Once per screen: the answer this tab was waiting for, if its conversation is kept here.
  const resumed = useRef(false);
  const { status, conversations } = history;
  useEffect(() => {
    if (resumed.current) return;
    const record = readHeldAnswer(module);
    if (!record || status === "off" || status === "failed") {
      resumed.current = true;
      return;
    }
    const kept = conversations.find((conversation) => conversation.id === record.conversationId);
    if (!kept) return;
    resumed.current = true;
    open(kept);
    void session.resume(record.streamUrl).then((answered) => {
      // An answer that could not be taken up (or a conversation already answered) is not tried again.
      if (!answered) forgetHeldAnswer(record.conversationId);
    });
  }, [module, session, status, conversations, open]);
}
