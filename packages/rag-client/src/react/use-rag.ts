import { useEffect, useMemo, useState } from "react";
import { useStore, type StoreApi } from "zustand";
import type { RagSession, RagState } from "../rag-session";

type ReadableStore<T> = Pick<StoreApi<T>, "getState" | "getInitialState" | "subscribe">;

/**
 * The store as a screen reads it while an answer streams: a model sends several pieces per frame,
 * the screen repaints once per frame (as chat-core's useChatState does).
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

/**
 * A slice of a RAG session's state (zustand's useStore with a selector), repainted at most once
 * per frame. A selector that builds a new object goes through zustand's useShallow.
 */
export function useRag<Picked>(session: RagSession, select: (state: RagState) => Picked): Picked {
  const perFrame = useMemo(() => oncePerFrame(session.store), [session]);
  return useStore(perFrame, select);
}

/**
 * One RAG session for as long as a screen shows it (spec 001 §3: a fresh conversation when the
 * screen opens), disposed with it so an answer left streaming stops.
 */
export function useRagSession(create: () => RagSession): RagSession {
  const [session] = useState(create);
  useEffect(() => () => session.dispose(), [session]);
  return session;
}
