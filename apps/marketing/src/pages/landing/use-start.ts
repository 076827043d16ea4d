import { ASSISTANT_PATHS, type AssistantPath } from "@oystar/api-client";
import { useAuth } from "@oystar/auth/react";
import { useNavigate } from "react-router";
import { goTo } from "../../one-origin";

/**
 * spec 000 §2, the landing's navigation rules: demo actions and the free plan go to /chat; other
 * plans to /subscription; signed-out visitors sign in first and come back to the same place.
 */
export function useStart() {
  // The landing is drawn without the session; the first action that depends on it loads it.
  const auth = useAuth({ start: false });
  const navigate = useNavigate();
  const signedIn = async () => (await auth.settled()).status === "authenticated";
  return {
    demo: async (path: AssistantPath = ASSISTANT_PATHS.chat) => ((await signedIn()) ? goTo(path) : auth.login(path)),
    plan: async (choice: "free" | "plans" | "base" | "pro" | "business") => {
      if (choice === "free") return (await signedIn()) ? goTo(ASSISTANT_PATHS.chat) : auth.login(ASSISTANT_PATHS.chat);
      const target = choice === "plans" ? "/subscription" : `/subscription?plan=${choice}`;
      return (await signedIn()) ? navigate(target) : auth.login(target);
    },
  };
}
