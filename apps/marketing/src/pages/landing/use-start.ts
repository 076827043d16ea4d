import { ASSISTANT_PATHS, isAssistantPath, type AssistantPath } from "@oystar/api-client";
import { useAuth } from "@oystar/auth/react";
import { useNavigate } from "react-router";
import { goTo } from "../../one-origin";

/** What a landing button starts: a module's demo, or a plan (the grid of plans for "plans"). */
export type Start = { demo: AssistantPath } | { plan: "free" | "plans" | "base" | "pro" | "business" };

/**
 * spec 000 §2, the landing's navigation rules: demo actions and the free plan go to /chat (or the
 * demo's module); other plans to /subscription.
 */
export function destinationOf(start: Start): string {
  if ("demo" in start) return start.demo;
  if (start.plan === "free") return ASSISTANT_PATHS.chat;
  return start.plan === "plans" ? "/subscription" : `/subscription?plan=${start.plan}`;
}

/**
 * Starts it: a signed-in user goes to the destination (the assistant is another app: a page
 * load), a signed-out visitor signs in first and comes back to the same place.
 */
export function useStart() {
  // The landing is drawn without the session; the first action that depends on it loads it.
  const auth = useAuth({ start: false });
  const navigate = useNavigate();
  return async (start: Start) => {
    const destination = destinationOf(start);
    if ((await auth.settled()).status !== "authenticated") return auth.login(destination);
    if (isAssistantPath(destination)) return goTo(destination);
    return navigate(destination);
  };
}
