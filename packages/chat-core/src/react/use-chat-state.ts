import type { ChatSession, ChatState } from "../chat-session";
import { useOncePerFrame } from "./use-once-per-frame";

/** The part of the chat's state a view needs (`select`), repainted at most once per frame. */
export function useChatState<Picked>(session: ChatSession, select: (state: ChatState) => Picked): Picked {
  return useOncePerFrame(session.store, select);
}
