import { RequireAuth } from "@oystar/auth/react";
import { useLocation } from "react-router";
import { AssistantLayout } from "./assistant-layout";

/** spec 000 §2: /chat, /debate and /rag are for signed-in users only. */
export function SignedInLayout({ goTo }: { goTo: (path: string) => void }) {
  const location = useLocation();
  return (
    <RequireAuth returnTo={`${location.pathname}${location.search}`} goTo={goTo}>
      <AssistantLayout />
    </RequireAuth>
  );
}
