import { createChatSession, modelCompletion, providerBaseUrl, type ChatSession, type ChatState } from "@oystar/chat-core";
import { useChatState } from "@oystar/chat-core/react";
import { useAuth } from "@oystar/auth/react";
import { useEffect, useMemo, useRef } from "react";

/** spec 001 §9: the chat's history budget, in estimated tokens. */
const HISTORY_TOKENS = 6144;

/** One chat session per screen visit (spec 001 §3: a fresh conversation when the screen opens). */
export function useChatSession(admin: boolean): [ChatState, ChatSession] {
  const { getAccessToken } = useAuth();
  // The profile (and so the admin verdict) may arrive after the first question: read it late.
  const adminNow = useRef(admin);
  useEffect(() => {
    adminNow.current = admin;
  }, [admin]);
  const session = useMemo(
    () =>
      createChatSession({
        getAccessToken: () => getAccessToken().catch(() => null),
        complete: modelCompletion({ baseUrl: providerBaseUrl("cloud") }),
        now: () => Date.now(),
        isAdmin: () => adminNow.current,
        historyTokens: HISTORY_TOKENS,
      }),
    [getAccessToken],
  );
  return [useChatState(session), session];
}
