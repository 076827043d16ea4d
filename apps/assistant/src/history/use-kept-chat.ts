import type { ChatSession } from "@oystar/chat-core";
import type { SavedConversation } from "@oystar/conversation/history";
import { useCallback, useEffect } from "react";
import type { DeviceHistory } from "./use-device-history";
import { useHeldAnswer } from "./use-held-answer";

/**
 * Issue 35 §1: the chat is written to the device as it happens — when a question is asked and
 * when its answer is complete (or stopped), never piece by piece while it streams.
 * Issue 35 §2: an answer the server holds is taken up again by a page that comes back (use-held-answer.ts).
 */
export function useKeptChat(session: ChatSession, history: DeviceHistory): void {
  const { save } = history;
  useEffect(() => {
    let last = session.store.getState().conversation.messages;
    return session.store.subscribe((state) => {
      const { conversation } = state;
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

  const open = useCallback((kept: SavedConversation) => session.open(kept), [session]);
  useHeldAnswer("chat", session, history, open);
}
