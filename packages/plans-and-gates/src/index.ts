export { planById, planRank, PLANS, publicPlan } from "./catalogue";
export type { PlanDetails } from "./catalogue";
export { CHECKOUT_CANCELLED_PARAM, choosePlan, CONTINUE_CHECKOUT_PARAM, subscriptionReturnTo } from "./choose-plan";
export type { ChoosePlanAction, ChoosePlanInput } from "./choose-plan";
export { canUploadPdf, debateGate, ragGate } from "./gates";
export { planMessages } from "./messages";
export { formatPrice, planFeatures } from "./plan-card";
export { isUnlimited, quotaResetAt, usageMonth } from "./quota";
