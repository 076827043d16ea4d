import { useAuth } from "@oystar/auth/react";
import { LoadingScreen } from "@oystar/ui-kit/react";
import { useEffect } from "react";
import { LandingPage } from "./landing-page";

/** spec 000 §2: `/` goes to /chat when signed in, otherwise shows the landing. */
export function HomePage({ goTo }: { goTo: (path: string) => void }) {
  const auth = useAuth();
  const signedIn = auth.status === "authenticated";
  useEffect(() => {
    if (signedIn) goTo("/chat");
  }, [signedIn, goTo]);
  return signedIn ? <LoadingScreen /> : <LandingPage />;
}
