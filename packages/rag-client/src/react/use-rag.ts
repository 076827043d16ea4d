import { useOncePerFrame, useSession } from "@oystar/conversation/react";
import type { RagSession, RagState } from "../rag-session";

/**
 * A slice of a RAG session's state (zustand's useStore with a selector), repainted at most once
 * per frame. A selector that builds a new object goes through zustand's useShallow.
 */
export function useRag<Picked>(session: RagSession, select: (state: RagState) => Picked): Picked {
  return useOncePerFrame(session.store, select);
}

/**
 * One RAG session for as long as a screen shows it (spec 001 §3: a fresh conversation when the
 * screen opens), disposed with it so an answer left streaming stops — the floor's one binding.
 */
export const useRagSession: (create: () => RagSession) => RagSession = useSession;
