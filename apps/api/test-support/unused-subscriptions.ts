import type { SubscriptionOperations } from "../src/billing/subscription-provider";

const unused = () => Promise.reject(new Error("not used by this test"));

/** For a provider stand-in whose test asks nothing of a running subscription. */
export const unusedSubscriptions: SubscriptionOperations = {
  cancelAtPeriodEnd: unused,
  reactivate: unused,
  cancelScheduledChange: unused,
  previewUpgrade: unused,
  upgrade: unused,
  scheduleDowngrade: unused,
  paymentMethodUpdateUrl: unused,
  cardLast4: unused,
  invoicePdf: unused,
};
