import { useOncePerFrame, useSession } from "@oystar/conversation/react";
import type { ChatSession, ChatState } from "../chat-session";

/** The part of the chat's state a view needs (`select`), repainted at most once per frame. */
export function useChatState<Picked>(session: ChatSession, select: (state: ChatState) => Picked): Picked {
  return useOncePerFrame(session.store, select);
}

/**
 * One chat session for as long as a screen shows it, disposed with it so an answer left
 * streaming stops (issue 24) — the floor's one binding, as the debate's and RAG's.
 */
export const useChatSession: (create: () => ChatSession) => ChatSession = useSession;
