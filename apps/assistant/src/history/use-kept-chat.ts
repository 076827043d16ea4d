import type { ChatSession } from "@oystar/chat-core";
import type { SavedConversation } from "@oystar/conversation/history";
import { useCallback } from "react";
import type { DeviceHistory } from "./use-device-history";
import { useKeptConversation } from "./use-kept-conversation";

/** Issue 35 §1–§2: the chat kept on the device as it happens, and its held answer taken up (use-kept-conversation.ts). */
export function useKeptChat(session: ChatSession, history: DeviceHistory): void {
  const open = useCallback((kept: SavedConversation) => session.open(kept), [session]);
  useKeptConversation("chat", session, history, open);
}
