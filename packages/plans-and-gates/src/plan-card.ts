import type { Plan, PlanId } from "@oystar/api-client";
import { planRank } from "./catalogue";
import { planMessages } from "./messages";
import { isUnlimited } from "./quota";

export type PlanCardState = "current" | "unavailable" | "available";

/** spec 000 §2: the current plan is active, lower plans are unavailable for downgrade. */
export function planCardState(plan: PlanId, current: PlanId | null): PlanCardState {
  if (!current) return "available";
  if (plan === current) return "current";
  return planRank(plan) < planRank(current) ? "unavailable" : "available";
}

/** "9,99 €" in Italian format, 'Su richiesta' for a null price. */
export function formatPrice(price: number | null): string {
  if (price === null) return planMessages.onRequest;
  return `${price.toFixed(2).replace(".", ",")} €`;
}

/** What a plan includes, in words (spec 000 §9). */
export function planFeatures(plan: Plan): string[] {
  const queries = isUnlimited(plan.queries_limit) ? planMessages.unlimitedWord : String(plan.queries_limit);
  const debates =
    plan.debates_limit === 0
      ? planMessages.noDebates
      : planMessages.debatesPerMonth(isUnlimited(plan.debates_limit) ? planMessages.unlimitedDebates : String(plan.debates_limit));
  const rag = plan.rag_enabled
    ? planMessages.ragIndexes(isUnlimited(plan.rag_indices_limit) ? planMessages.onRequest.toLowerCase() : String(plan.rag_indices_limit))
    : planMessages.noRag;
  return [planMessages.queriesPerMonth(queries), debates, rag];
}
