import type { BackendStatus, ModelProvider } from "@oystar/api-client";
import { useApiClient, useAuth } from "@oystar/auth/react";
import {
  connectionReset,
  createChatSession,
  modelCompletion,
  modelResume,
  providerBaseUrl,
  type ChatDocument,
  type ChatSession,
} from "@oystar/chat-core";
import { useChatSession } from "@oystar/chat-core/react";
import { systemClock } from "@oystar/conversation";
import { useEffect, useRef } from "react";

export type ChatSessionWiring = {
  /** The server's admin verdict (GET /api/me), which may arrive after the first question. */
  admin: boolean;
  backend: BackendStatus;
  /** Where the server's model runs, as its health says (it may be known after the first question). */
  modelProvider: ModelProvider;
  refreshQuota: () => void;
  document: ChatDocument;
};

/**
 * One chat session per screen visit (spec 001 §3: a fresh conversation when the screen opens),
 * wired to this app: sign-in, the gateway, the server's reset, the browser's clock and timers.
 * Leaving the screen stops an answer still streaming.
 */
export function useWiredChatSession(wiring: ChatSessionWiring): ChatSession {
  const { getAccessToken } = useAuth();
  const api = useApiClient();
  // What may change while the session lives is read when it is needed.
  const latest = useRef(wiring);
  useEffect(() => {
    latest.current = wiring;
  });
  return useChatSession(() =>
    createChatSession({
      getAccessToken: () => getAccessToken().catch(() => null),
      complete: modelCompletion({ baseUrl: providerBaseUrl("cloud") }),
      resume: modelResume({}),
      resetConnection: connectionReset(api),
      ...systemClock,
      refreshQuota: () => latest.current.refreshQuota(),
      isAdmin: () => latest.current.admin,
      backendStatus: () => latest.current.backend,
      modelProvider: () => latest.current.modelProvider,
      document: wiring.document,
    }),
  );
}
