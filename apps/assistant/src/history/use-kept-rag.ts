import type { ChatMessage } from "@oystar/conversation";
import type { RagSession } from "@oystar/rag-client";
import { useEffect } from "react";
import type { DeviceHistory } from "./use-device-history";

/**
 * Issue 35 §5: a RAG conversation is written to the device as it happens, like the chat's
 * (use-kept-chat.ts) — at each question and each complete or stopped answer, with its sources.
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
}
