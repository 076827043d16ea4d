import type { Plan, PlanId } from "@oystar/api-client";
import { PLANS, planRank } from "./catalogue";
import { planMessages } from "./messages";
import { isUnlimited } from "./quota";

export type PlanCardState = "current" | "unavailable" | "available";

/** spec 000 §2: the current plan is active, lower plans are unavailable for downgrade. */
export function planCardState(plan: PlanId, current: PlanId | null): PlanCardState {
  if (!current) return "available";
  if (plan === current) return "current";
  return planRank(plan) < planRank(current) ? "unavailable" : "available";
}

/** "100 MB", "1 TB": a RAG storage limit as people write it. */
export function formatStorage(bytes: number): string {
  const units = ["byte", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1).replace(".", ",")} ${units[unit]}`;
}

/** What a plan includes, in natural Italian (spec 000 §9). */
export function planFeatures(plan: Plan): string[] {
  const features = [
    isUnlimited(plan.queries_limit) ? planMessages.unlimitedQueries : planMessages.queriesPerMonth(plan.queries_limit),
    plan.debates_limit === 0
      ? planMessages.noDebates
      : isUnlimited(plan.debates_limit)
        ? planMessages.unlimitedDebates
        : planMessages.debatesPerMonth(plan.debates_limit),
  ];
  if (plan.rag_enabled) {
    features.push(isUnlimited(plan.rag_indices_limit) ? planMessages.ragIndexesOnRequest : planMessages.ragIndexes(plan.rag_indices_limit));
    const storage = PLANS.find((known) => known.id === plan.id)?.rag_max_bytes ?? 0;
    if (storage > 0) features.push(planMessages.ragStorage(formatStorage(storage)));
  } else {
    features.push(planMessages.noRag);
  }
  const support = planMessages.support[plan.id];
  if (support) features.push(support);
  return features;
}
