import type { ReadAloud } from "@oystar/conversation";
import { useEffect } from "react";
import { useAssistantContext } from "./assistant-context";

/**
 * spec 001 §2: the header's clear-chat button belongs to the screen on show — it stops the voice
 * and starts a fresh conversation of `session` — and leaves with it.
 */
export function useClearChat(session: { clear(): void }, readAloud: ReadAloud): void {
  const { setClearChat } = useAssistantContext();
  useEffect(() => {
    setClearChat(() => {
      readAloud.stop();
      session.clear();
    });
    return () => setClearChat(null);
  }, [setClearChat, session, readAloud]);
}
