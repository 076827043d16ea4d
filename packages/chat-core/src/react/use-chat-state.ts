import { useMemo } from "react";
import { useStore, type StoreApi } from "zustand";
import type { ChatSession, ChatState } from "../chat-session";

type ReadableStore<T> = Pick<StoreApi<T>, "getState" | "getInitialState" | "subscribe">;

/**
 * The store as a screen reads it: a model streams many pieces per frame and the store changes with
 * each, but the screen only needs to repaint once per frame, so changes are told once per
 * animation frame.
 */
function oncePerFrame<T>(store: ReadableStore<T>): ReadableStore<T> {
  return {
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe(listener) {
      let frame: number | null = null;
      let before = store.getState();
      const unsubscribe = store.subscribe((_state, previous) => {
        if (frame !== null) return;
        before = previous;
        frame = requestAnimationFrame(() => {
          frame = null;
          listener(store.getState(), before);
        });
      });
      return () => {
        if (frame !== null) cancelAnimationFrame(frame);
        unsubscribe();
      };
    },
  };
}

/** The part of the chat's state a view needs (`select`), repainted at most once per frame. */
export function useChatState<Picked>(session: ChatSession, select: (state: ChatState) => Picked): Picked {
  const perFrame = useMemo(() => oncePerFrame(session.store), [session]);
  return useStore(perFrame, select);
}
