import { createChatSession, type ChatSession, type ChatState } from "@oystar/chat-core";
import { useAuth } from "@oystar/auth/react";
import { useMemo, useSyncExternalStore } from "react";
import { streamAnswer } from "./model-stream";

/** One chat session per screen visit (spec 001 §3: a fresh conversation when the screen opens). */
export function useChatSession(admin: boolean): [ChatState, ChatSession] {
  const { getAccessToken } = useAuth();
  const session = useMemo(
    () =>
      createChatSession({
        getAccessToken: () => getAccessToken().catch(() => null),
        complete: streamAnswer,
        now: () => Date.now(),
        admin,
        historyTokens: 6144,
      }),
    [getAccessToken, admin],
  );
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return [state, session];
}
