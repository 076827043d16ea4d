import { useMemo } from "react";
import { useStore, type StoreApi } from "zustand";

/** What a screen needs of a store to read it. */
export type ReadableStore<T> = Pick<StoreApi<T>, "getState" | "getInitialState" | "subscribe">;

/**
 * The store as a screen reads it while a model streams: the store changes with each of the many
 * pieces that arrive per frame, but the screen only needs to repaint once per frame, so changes
 * are told once per animation frame.
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
 * A slice of a streaming session's store (zustand's useStore with a selector), repainted at most
 * once per frame: the chat, the debate and the RAG screens read their sessions through it. A
 * selector that builds a new object goes through zustand's useShallow.
 */
export function useOncePerFrame<State, Picked>(store: ReadableStore<State>, select: (state: State) => Picked): Picked {
  const perFrame = useMemo(() => oncePerFrame(store), [store]);
  return useStore(perFrame, select);
}
