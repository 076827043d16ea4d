import type { SavedConversation } from "@oystar/conversation/history";
import type { RagSession } from "@oystar/rag-client";
import { useCallback } from "react";
import type { DeviceHistory } from "./use-device-history";
import { useKeptConversation } from "./use-kept-conversation";

/** Issue 35 §5: a RAG conversation kept like the chat's (use-kept-conversation.ts), with its sources. */
export function useKeptRag(session: RagSession, history: DeviceHistory): void {
  // RAG's messages were kept whole with their sources: read back as the RAG's own.
  const open = useCallback((kept: SavedConversation) => session.open(kept), [session]);
  useKeptConversation("rag", session, history, open);
}
