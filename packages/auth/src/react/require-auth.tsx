import { LoadingScreen } from "@oystar/ui-kit/react";
import { useEffect, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router";
import { AuthErrorScreen } from "./auth-screens";
import { useAuth } from "./auth-context";
import { SessionLostCard } from "./session-lost-card";

export type RequireAuthProps = {
  /** What only signed-in users see; a route's child routes when left out. */
  children?: ReactNode;
  /** Opens the login page; the apps pass a full-page navigation to /login. */
  goTo: (path: string) => void;
};

/**
 * spec 000 §2: the gate of signed-in routes, as a route element. Others go to /login, keeping
 * where they were going (this route's path and query). A session lost on the page (spec 001 §2)
 * keeps the page and shows 'Autenticazione Richiesta' over it instead.
 */
export function RequireAuth({ children, goTo }: RequireAuthProps) {
  const auth = useAuth();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const status = auth.status;
  const sessionLost = auth.status === "unauthenticated" && auth.sessionLost === true;
  useEffect(() => {
    if (status === "unauthenticated" && !sessionLost) goTo(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  }, [status, sessionLost, returnTo, goTo]);

  if (auth.status === "authenticated" || sessionLost) {
    // One shape for both, so the page underneath stays mounted (and keeps its state) when the
    // card comes and goes.
    return (
      <>
        {auth.status === "unauthenticated" ? <SessionLostCard message={auth.message} onSignIn={() => auth.signInAgain(returnTo)} /> : null}
        {children ?? <Outlet />}
      </>
    );
  }
  if (auth.status === "error") return <AuthErrorScreen message={auth.message} goTo={goTo} />;
  // Loading, or on the way to /login: spec 000 §2, 'Caricamento...'.
  return <LoadingScreen />;
}
