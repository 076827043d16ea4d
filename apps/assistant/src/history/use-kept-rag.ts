import type { ChatMessage } from "@oystar/conversation";
import type { SavedConversation } from "@oystar/conversation/history";
import type { RagConversation, RagSession } from "@oystar/rag-client";
import { useCallback, useEffect } from "react";
import type { DeviceHistory } from "./use-device-history";
import { useHeldAnswer } from "./use-held-answer";

/**
 * Issue 35 §5: a RAG conversation is written to the device as it happens, like the chat's
 * (use-kept-chat.ts) — at each question and each complete or stopped answer, with its sources.
 * Issue 35 §2: an answer the server holds is taken up again by a page that comes back (use-held-answer.ts).
 */
export function useKeptRag(session: RagSession, history: DeviceHistory): void {
  const { save } = history;
  useEffect(() => {
    let last = session.store.getState().conversation.messages;
    return session.store.subscribe((state) => {
      const { conversation } = state;
      if (conversation.messages === last) return;
      last = conversation.messages;
      if (conversation.messages.length === 0) return;
      // RAG's messages carry their numbered sources: kept whole, read back by the RAG session.
      save({ id: conversation.id, module: "rag", createdAt: conversation.createdAt, messages: conversation.messages as unknown as ChatMessage[] });
    });
  }, [session, save]);

  // RAG's messages were kept whole with their sources: read back as the RAG's own.
  const open = useCallback((kept: SavedConversation) => session.open(kept as unknown as RagConversation), [session]);
  useHeldAnswer("rag", session, history, open);
}
