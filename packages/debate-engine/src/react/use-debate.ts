import { useOncePerFrame, useSession } from "@oystar/conversation/react";
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
 * told at most once per animation frame (the floor's useOncePerFrame, as for the chat and RAG).
 * The selector must return a value of the state itself, not a new object.
 */
export function useDebateEachFrame<T>(session: DebateSession, selector: (state: DebateState) => T): T {
  return useOncePerFrame(session.store, selector);
}

/**
 * One debate session for as long as a screen shows it, disposed when the screen goes, so a debate
 * left running stops its stream and its timer with the screen — the floor's one binding, as the
 * chat's and RAG's.
 */
export const useDebateSession: (create: () => DebateSession) => DebateSession = useSession;
