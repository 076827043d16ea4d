import { useOncePerFrame } from "@oystar/conversation/react";
import { useEffect, useState } from "react";
import { useStore } from "zustand";
import type { DebateSession } from "../debate-session";
import type { DebateState } from "../debate-state";

/**
 * A slice of a debate session's state for React (zustand's useStore with a selector): the
 * component re-renders only when its slice changes. A selector that builds a new object or array
 * each time goes through zustand's useShallow.
 */
export function useDebate<T>(session: DebateSession, selector: (state: DebateState) => T): T {
  return useStore(session.store, selector);
}

/**
 * Like useDebate, for a slice that changes with every streamed piece (the turn being written): a
 * model sends several pieces per frame, the screen repaints once per frame, so the component is
 * told at most once per animation frame (as chat-core's useChatState does). The selector must
 * return a value of the state itself, not a new object.
 */
export function useDebateEachFrame<T>(session: DebateSession, selector: (state: DebateState) => T): T {
  return useOncePerFrame(session.store, selector);
}

/**
 * One debate session for as long as a screen shows it: created from `create` (null while it
 * cannot be, e.g. before sign-in) and disposed when the screen goes or `create` changes, so a
 * debate left running stops its stream and its timer with the screen.
 */
export function useDebateSession(create: (() => DebateSession) | null): DebateSession | null {
  const [session, setSession] = useState<DebateSession | null>(null);
  useEffect(() => {
    if (!create) return;
    const created = create();
    setSession(created);
    return () => {
      created.dispose();
      setSession((current) => (current === created ? null : current));
    };
  }, [create]);
  return session;
}
