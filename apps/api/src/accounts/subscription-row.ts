import type { PlanId } from "@oystar/api-client";
import type { Queryable } from "../db/database";

/**
 * Issue 51: a customer's subscription as the provider's events left it in `subscriptions` — one
 * row per user. 'Il mio account' shows it and acts on it; 'I miei dati' exports it.
 */
export type SubscriptionRow = {
  provider_subscription_id: string;
  provider_customer_id: string | null;
  plan: PlanId;
  status: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  scheduled_plan: PlanId | null;
  card_last4: string | null;
  payment_failed: boolean;
};

/** The user's subscription row, running or ended; undefined when they never had one. */
export const readSubscriptionRow = async (db: Queryable, userId: string): Promise<SubscriptionRow | undefined> =>
  (
    await db.query<SubscriptionRow>(
      `SELECT provider_subscription_id, provider_customer_id, plan, status, current_period_end, cancel_at_period_end, scheduled_plan, card_last4, payment_failed
       FROM subscriptions WHERE user_id = $1`,
      [userId],
    )
  )[0];
