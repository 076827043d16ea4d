import { ASSISTANT_PATHS } from "@oystar/api-client";
import { isRedirectCallback } from "@oystar/auth";
import { AuthErrorScreen, useAuth } from "@oystar/auth/react";
import { LoadingScreen } from "@oystar/ui-kit/react";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { LandingPage } from "./landing-page";

/** spec 000 §2: `/` goes to /chat when signed in, otherwise shows the landing. */
export function HomePage({ goTo }: { goTo: (path: string) => void }) {
  const auth = useAuth();
  // The provider's redirect lands on `/`: the session takes the user to where they were going,
  // so `/` must not send them to /chat in the meantime.
  const finishingSignIn = isRedirectCallback(useLocation().search);
  const signedIn = auth.status === "authenticated";
  useEffect(() => {
    if (signedIn && !finishingSignIn) goTo(ASSISTANT_PATHS.chat);
  }, [signedIn, finishingSignIn, goTo]);
  // spec 000 §2: a sign-in that failed (the provider answered `error`, or the callback could not
  // be completed) shows the authentication error screen, never an endless 'Caricamento...'.
  if (auth.status === "error") return <AuthErrorScreen message={auth.message} goTo={goTo} />;
  return signedIn || finishingSignIn ? <LoadingScreen /> : <LandingPage />;
}
