import { useEffect, useState } from "react";
import type { ChatSession, ChatState } from "../chat-session";
import { useOncePerFrame } from "@oystar/conversation/react";

/** The part of the chat's state a view needs (`select`), repainted at most once per frame. */
export function useChatState<Picked>(session: ChatSession, select: (state: ChatState) => Picked): Picked {
  return useOncePerFrame(session.store, select);
}

/**
 * One chat session for as long as a screen shows it (spec 001 §3: a fresh conversation when the
 * screen opens), disposed with it so an answer left streaming stops (issue 24).
 */
export function useChatSession(create: () => ChatSession): ChatSession {
  const [session] = useState(create);
  useEffect(() => () => session.dispose(), [session]);
  return session;
}
