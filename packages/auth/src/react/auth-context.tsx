import type { ApiClient } from "@oystar/api-client";
import { createContext, useContext, useEffect, type ReactNode } from "react";
import { useStore } from "zustand";
import type { AuthSession } from "../auth-session";
import type { AuthState } from "../auth-state";

const SessionContext = createContext<AuthSession | null>(null);

/** Provides one sign-in session to the app and starts it once. */
export function AuthProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  useEffect(() => {
    void session.start();
  }, [session]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

function useSession(): AuthSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useAuth needs an <AuthProvider>");
  return session;
}

export type UseAuth = AuthState & Pick<AuthSession, "login" | "logout" | "getAccessToken" | "runtimeConfig" | "signInAgain">;

export function useAuth(): UseAuth {
  const session = useSession();
  const state = useStore(session.store);
  return {
    ...state,
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
