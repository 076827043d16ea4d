import { LoadingScreen } from "@oystar/ui-kit/react";
import { useEffect, type ReactNode } from "react";
import { AuthErrorScreen } from "./auth-screens";
import { useAuth } from "./auth-context";

export type RequireAuthProps = {
  children: ReactNode;
  /** Where the user was going, kept for after sign-in. */
  returnTo: string;
  /** Opens the login page; the apps pass a full-page navigation to /login. */
  goTo: (path: string) => void;
};

/** spec 000 §2: signed-in routes; others go to /login, keeping where they were going. */
export function RequireAuth({ children, returnTo, goTo }: RequireAuthProps) {
  const auth = useAuth();
  const status = auth.status;
  useEffect(() => {
    if (status === "unauthenticated") goTo(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  }, [status, returnTo, goTo]);

  if (auth.status === "authenticated") return <>{children}</>;
  if (auth.status === "error") return <AuthErrorScreen message={auth.message} goTo={goTo} />;
  // Loading, or on the way to /login: spec 000 §2, 'Caricamento...'.
  return <LoadingScreen />;
}
