import type { PlanId } from "@oystar/api-client";
import { planById, planRank } from "./catalogue";
import { planMessages } from "./messages";

export type ChoosePlanInput = {
  target: PlanId;
  /** The signed-in user's plan, when known. */
  currentPlan: PlanId | null;
  authLoading: boolean;
  signedIn: boolean;
};

export type ChoosePlanAction =
  | { kind: "contact-sales" }
  | { kind: "ignore" }
  | { kind: "login"; returnTo: string }
  | { kind: "alert"; message: string }
  | { kind: "checkout"; plan: PlanId };

/**
 * spec 000 §4, in this exact order: enterprise → contact page; ignored while loading; signed out
 * → login back to /subscription; same plan; free; a business user choosing lower; else checkout.
 */
export function choosePlan({ target, currentPlan, authLoading, signedIn }: ChoosePlanInput): ChoosePlanAction {
  if (target === "enterprise") return { kind: "contact-sales" };
  if (authLoading) return { kind: "ignore" };
  if (!signedIn) return { kind: "login", returnTo: "/subscription" };
  if (currentPlan === target) return { kind: "alert", message: planMessages.alreadyOnPlan(planById(target).name) };
  if (target === "free") return { kind: "alert", message: planMessages.freeIsDefault };
  if (currentPlan === "business" && planRank(target) < planRank("business")) {
    return { kind: "alert", message: planMessages.noDowngrade };
  }
  return { kind: "checkout", plan: target };
}
