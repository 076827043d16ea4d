import type { ChatMessage } from "@oystar/conversation";
import type { SavedConversation } from "@oystar/conversation/history";
import { useEffect } from "react";
import type { HeldAnswerModule } from "./held-answer";
import type { DeviceHistory } from "./use-device-history";
import { useHeldAnswer, type HoldingSession } from "./use-held-answer";

/** A chat-like screen's session: its conversation as it stands, and the answer the server holds for it. */
type Kept = { heldAnswer: string | null; conversation: { id: string; createdAt: number; messages: readonly unknown[] } };
type KeptSession = Pick<HoldingSession, "resume"> & { store: { getState(): Kept; subscribe(listener: (state: Kept) => void): () => void } };

/**
 * Issue 35 §1: a chat or RAG conversation is written to the device as it happens — when a question
 * is asked and when its answer is complete (or stopped), never piece by piece while it streams;
 * its messages are kept whole (RAG's with their sources) and read back by the module's `open`.
 * Issue 35 §2: an answer the server holds is taken up again by a page that comes back.
 */
export function useKeptConversation(
  module: Extract<HeldAnswerModule, "chat" | "rag">,
  session: KeptSession,
  history: DeviceHistory,
  open: (kept: SavedConversation) => void,
): void {
  const { save } = history;
  useEffect(() => {
    let last = session.store.getState().conversation.messages;
    return session.store.subscribe(({ conversation }) => {
      if (conversation.messages === last) return;
      last = conversation.messages;
      if (conversation.messages.length === 0) return;
      save({ id: conversation.id, module, createdAt: conversation.createdAt, messages: conversation.messages as ChatMessage[] });
    });
  }, [module, session, save]);
  useHeldAnswer(module, session, history, open);
}
