export { PlanBadge } from "./plan-badge";
export { PlanGrid } from "./plan-grid";
export type { PlanGridProps } from "./plan-grid";
export { PlanPrice } from "./plan-price";
export { QuotaBadge } from "./quota-badge";
export { DebateUpsell, RagUpsell } from "./upsells";
export type { QuotaBadgeProps } from "./quota-badge";
