import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
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

export type UseAuth = AuthState & Pick<AuthSession, "login" | "logout" | "getAccessToken">;

export function useAuth(): UseAuth {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useAuth needs an <AuthProvider>");
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { ...state, login: session.login, logout: session.logout, getAccessToken: session.getAccessToken };
}
