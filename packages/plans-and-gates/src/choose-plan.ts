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
 * The query that asks /subscription to go on with a plan chosen before signing in (issue 36 §6):
 * the sign-in carries it in its return address, so the plan chosen is the one checked out.
 */
export const CONTINUE_CHECKOUT_PARAM = "checkout";
/** Issue 52 §7: the card provider's 'Annulla' comes back to the plans with this (`=annullato`): the page says so. */
export const CHECKOUT_CANCELLED_PARAM = "pagamento";

/** Where a visitor who chose `target` comes back to after signing in. */
export const subscriptionReturnTo = (target: PlanId) => `/subscription?plan=${target}&${CONTINUE_CHECKOUT_PARAM}=1`;

/**
 * spec 000 §4, in this exact order: enterprise → contact page; ignored while loading; signed out
 * → login back to /subscription (with the plan chosen, issue 36 §6); same plan; free; a business
 * user choosing lower; else checkout.
 */
export function choosePlan({ target, currentPlan, authLoading, signedIn }: ChoosePlanInput): ChoosePlanAction {
  if (target === "enterprise") return { kind: "contact-sales" };
  if (authLoading) return { kind: "ignore" };
  if (!signedIn) return { kind: "login", returnTo: subscriptionReturnTo(target) };
  if (currentPlan === target) return { kind: "alert", message: planMessages.alreadyOnPlan(planById(target).name) };
  if (target === "free") return { kind: "alert", message: planMessages.freeIsDefault };
  if (currentPlan === "business" && planRank(target) < planRank("business")) {
    return { kind: "alert", message: planMessages.noDowngrade };
  }
  return { kind: "checkout", plan: target };
}
