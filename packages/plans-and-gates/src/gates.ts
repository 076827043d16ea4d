import type { PlanId, SubscriptionStatus } from "@oystar/api-client";

/**
 * spec 000 §2 / spec 001 §2, the RAG gate in two steps: rag_enabled first, then the plan must
 * be business or enterprise. A failed status check counts as free without RAG.
 */
export function ragGate(status: Pick<SubscriptionStatus, "plan" | "rag_enabled"> | null): "rag" | "promo" {
  if (!status?.rag_enabled) return "promo";
  return status.plan === "business" || status.plan === "enterprise" ? "rag" : "promo";
}

/** spec 001 §2: a plan with no debates (limit 0) sees the upsell instead of the debate. */
export function debateGate(status: Pick<SubscriptionStatus, "debates_limit"> | null): "debate" | "upsell" {
  return !status || status.debates_limit === 0 ? "upsell" : "debate";
}

/** spec 001 §2: PDF upload in chat is for business and enterprise. */
export const canUploadPdf = (plan: PlanId | null) => plan === "business" || plan === "enterprise";
