import { useStore } from "zustand";
import type { DebateSession } from "../debate-session";
import type { DebateState } from "../debate-state";

/**
 * A slice of a debate session's state for React (zustand's useStore with a selector): the
 * component re-renders only when its slice changes. The debate's views come in a later release.
 */
export function useDebate<T>(session: DebateSession, selector: (state: DebateState) => T): T {
  return useStore(session.store, selector);
}
