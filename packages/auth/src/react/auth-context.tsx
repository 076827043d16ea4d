import type { ApiClient } from "@oystar/api-client";
import { createContext, useContext, useEffect, type ReactNode } from "react";
import { useStore } from "zustand";
import type { AuthSession } from "../auth-session";
import type { AuthState } from "../auth-state";

const SessionContext = createContext<AuthSession | null>(null);

/**
 * Provides one sign-in session to the app. `start="now"` (the assistant: every page is signed
 * in) starts it at once; `start="on-demand"` (the public site) leaves it to the pages that need
 * it — `useAuth()` starts it, `useAuth({ start: false })` only reads it.
 */
export function AuthProvider({
  session,
  start = "now",
  children,
}: {
  session: AuthSession;
  start?: "now" | "on-demand";
  children: ReactNode;
}) {
  useEffect(() => {
    if (start === "now") void session.start();
  }, [session, start]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

function useSession(): AuthSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useAuth needs an <AuthProvider>");
  return session;
}

export type UseAuth = AuthState &
  Pick<AuthSession, "login" | "logout" | "getAccessToken" | "runtimeConfig" | "signInAgain"> & {
    /** Starts the session if need be and resolves with its state once it is known. */
    settled: () => Promise<AuthState>;
  };

/** The session's state and actions; reading it starts the session unless `start: false`. */
export function useAuth({ start = true }: { start?: boolean } = {}): UseAuth {
  const session = useSession();
  const state = useStore(session.store);
  useEffect(() => {
    if (start) void session.start();
  }, [session, start]);
  return {
    ...state,
    settled: () => session.start().then(() => session.store.getState()),
    login: session.login,
    logout: session.logout,
    getAccessToken: session.getAccessToken,
    runtimeConfig: session.runtimeConfig,
    signInAgain: session.signInAgain,
  };
}

/** The session's API client: same origin, with the signed-in user's token while there is one. */
export function useApiClient(): ApiClient {
  return useSession().api;
}
