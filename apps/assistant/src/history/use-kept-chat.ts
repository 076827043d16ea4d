import type { ChatSession } from "@oystar/chat-core";
import { useEffect, useRef } from "react";
import { forgetHeldAnswer, keepHeldAnswer, readHeldAnswer } from "./held-answer";
import type { DeviceHistory } from "./use-device-history";

/**
 * Issue 35 §1: the chat is written to the device as it happens — when a question is asked and
 * when its answer is complete (or stopped), never piece by piece while it streams.
 * Issue 35 §2: an answer the server holds is noted for this tab, and a page that comes back (a
 * reload, the screen left and opened again) opens its conversation and takes the answer up again.
 */
export function useKeptChat(session: ChatSession, history: DeviceHistory): void {
  const { save } = history;
  useEffect(() => {
    let last = session.store.getState().conversation.messages;
    let held = session.store.getState().heldAnswer;
    return session.store.subscribe((state) => {
      const { conversation } = state;
      if (state.heldAnswer !== held) {
        held = state.heldAnswer;
        if (held) keepHeldAnswer({ module: "chat", conversationId: conversation.id, streamUrl: held });
        else forgetHeldAnswer(conversation.id);
      }
      if (conversation.messages === last) return;
      last = conversation.messages;
      if (conversation.messages.length === 0) return;
      save({
        id: conversation.id,
        module: "chat",
        createdAt: conversation.createdAt,
        messages: conversation.messages,
      });
    });
  }, [session, save]);

  // Once per screen: the answer this tab was waiting for, if its conversation is kept here.
  const resumed = useRef(false);
  const { status, conversations } = history;
  useEffect(() => {
    if (resumed.current) return;
    const record = readHeldAnswer();
    if (!record || status === "off" || status === "failed") {
      resumed.current = true;
      return;
    }
    const kept = conversations.find((conversation) => conversation.id === record.conversationId);
    if (!kept) return;
    resumed.current = true;
    session.open(kept);
    void session.resume(record.streamUrl).then((answered) => {
      // An answer that could not be taken up (or a conversation already answered) is not tried again.
      if (!answered) forgetHeldAnswer(record.conversationId);
    });
  }, [session, status, conversations]);
}
