export { PlanBadge } from "./plan-badge";
export { QuotaBadge } from "./quota-badge";
export type { QuotaBadgeProps } from "./quota-badge";
