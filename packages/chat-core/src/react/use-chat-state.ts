import { useCallback, useSyncExternalStore } from "react";
import type { ChatSession, ChatState } from "../chat-session";

/**
 * The chat's state for React. A model streams many pieces per frame; the store says so each time,
 * but the screen only needs to repaint once per frame, so notifications are coalesced to one per
 * animation frame.
 */
export function useChatState(session: ChatSession): ChatState {
  const subscribe = useCallback(
    (listener: () => void) => {
      let frame: number | null = null;
      const unsubscribe = session.subscribe(() => {
        frame ??= requestAnimationFrame(() => {
          frame = null;
          listener();
        });
      });
      return () => {
        if (frame !== null) cancelAnimationFrame(frame);
        unsubscribe();
      };
    },
    [session],
  );
  return useSyncExternalStore(subscribe, session.getSnapshot, session.getSnapshot);
}
