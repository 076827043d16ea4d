import { LoadingScreen } from "@oystar/ui-kit/react";
import { useEffect, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router";
import { AuthErrorScreen } from "./auth-screens";
import { useAuth } from "./auth-context";

export type RequireAuthProps = {
  /** What only signed-in users see; a route's child routes when left out. */
  children?: ReactNode;
  /** Opens the login page; the apps pass a full-page navigation to /login. */
  goTo: (path: string) => void;
};

/**
 * spec 000 §2: the gate of signed-in routes, as a route element. Others go to /login, keeping
 * where they were going (this route's path and query).
 */
export function RequireAuth({ children, goTo }: RequireAuthProps) {
  const auth = useAuth();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const status = auth.status;
  useEffect(() => {
    if (status === "unauthenticated") goTo(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  }, [status, returnTo, goTo]);

  if (auth.status === "authenticated") return <>{children ?? <Outlet />}</>;
  if (auth.status === "error") return <AuthErrorScreen message={auth.message} goTo={goTo} />;
  // Loading, or on the way to /login: spec 000 §2, 'Caricamento...'.
  return <LoadingScreen />;
}
