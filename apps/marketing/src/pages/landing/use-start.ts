import { ASSISTANT_PATHS, type AssistantPath } from "@oystar/api-client";
import { useAuth } from "@oystar/auth/react";
import { useNavigate } from "react-router";
import { goTo } from "../../one-origin";

/**
 * spec 000 §2, the landing's navigation rules: demo actions and the free plan go to /chat; other
 * plans to /subscription; signed-out visitors sign in first and come back to the same place.
 */
export function useStart() {
  const auth = useAuth();
  const navigate = useNavigate();
  const signedIn = auth.status === "authenticated";
  return {
    demo: (path: AssistantPath = ASSISTANT_PATHS.chat) => (signedIn ? goTo(path) : void auth.login(path)),
    plan: (choice: "free" | "plans" | "base" | "pro" | "business") => {
      if (choice === "free") return signedIn ? goTo(ASSISTANT_PATHS.chat) : void auth.login(ASSISTANT_PATHS.chat);
      const target = choice === "plans" ? "/subscription" : `/subscription?plan=${choice}`;
      return signedIn ? navigate(target) : void auth.login(target);
    },
  };
}
