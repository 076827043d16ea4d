import { ASSISTANT_PATHS } from "@oystar/api-client";
import { safeReturnTo } from "@oystar/auth";
import { useAuth, WelcomeScreen } from "@oystar/auth/react";
import { LoadingScreen } from "@oystar/ui-kit/react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";

/** /login: the welcome screen; ACCEDI goes to the identity provider and back to `returnTo`. */
export function LoginPage({ goTo }: { goTo: (path: string) => void }) {
  const auth = useAuth();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get("returnTo"), ASSISTANT_PATHS.chat);
  const [redirecting, setRedirecting] = useState(false);
  const signedIn = auth.status === "authenticated";
  useEffect(() => {
    if (signedIn) goTo(returnTo);
  }, [signedIn, returnTo, goTo]);
  // spec 000 §2: while authentication loads the screen says 'Caricamento...', not ACCEDI.
  if (signedIn || auth.status === "loading") return <LoadingScreen />;
  return (
    <WelcomeScreen
      busy={redirecting}
      onLogin={() => {
        setRedirecting(true);
        void auth.login(returnTo).finally(() => setRedirecting(false));
      }}
    />
  );
}
