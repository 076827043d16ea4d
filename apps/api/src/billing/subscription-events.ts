import { planIdSchema, type PlanId } from "@oystar/api-client";
import type Stripe from "stripe";
import type { Queryable } from "../db/database";

/**
 * Issue 51 §5: the provider's events about a running subscription and its invoices, applied in
 * the transaction that records the event's id (billing-events.ts), so each is applied once. The
 * account's plan follows the subscription the provider describes: an upgrade, a downgrade that
 * has come due, and — on `customer.subscription.deleted` — Free, when the paid period ends at the
 * provider (never by a timer of ours).
 */
export type SubscriptionEventOutcome = { applied: boolean; planChanged: boolean };

const ignored: SubscriptionEventOutcome = { applied: false, planChanged: false };

/** The account a subscription belongs to: our id, put in its metadata when it was bought. */
const userOf = (metadata: Stripe.Metadata | null | undefined) => {
  const id = metadata?.user_id;
  return id && /^\d+$/.test(id) ? id : null;
};

const planOf = (metadata: Stripe.Metadata | null | undefined): PlanId | null => {
  const plan = planIdSchema.safeParse(metadata?.plan);
  return plan.success ? plan.data : null;
};

const customerOf = (customer: string | { id: string } | null | undefined) =>
  typeof customer === "string" ? customer : (customer?.id ?? null);

/** The end of the period paid for: on the items since Stripe's 2025 API (SDK v18 and later). */
export const periodEndOf = (subscription: Stripe.Subscription): number | null =>
  subscription.items?.data?.reduce<number | null>((end, item) => Math.max(end ?? 0, item.current_period_end), null) ?? null;

const cardOf = (method: Stripe.Subscription["default_payment_method"]) =>
  typeof method === "object" && method !== null ? (method.card?.last4 ?? null) : null;

async function setPlan(tx: Queryable, userId: string, plan: PlanId, at: Date): Promise<boolean> {
  const changed = await tx.query(
    "UPDATE users SET plan = $1, billing_event_at = $2, updated_at = now() WHERE id = $3 AND plan <> $1 RETURNING id",
    [plan, at, userId],
  );
  return changed.length > 0;
}

/** Applies one subscription or invoice event; events of other types are not ours here. */
export async function applySubscriptionEvent(tx: Queryable, event: Stripe.Event): Promise<SubscriptionEventOutcome> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const userId = userOf(subscription.metadata);
      const plan = planOf(subscription.metadata);
      if (!userId || !plan || !subscription.id) return ignored;
      const [account] = await tx.query<{ id: string }>("SELECT id::text FROM users WHERE id = $1 FOR UPDATE", [userId]);
      if (!account) return ignored;
      const ended = event.type === "customer.subscription.deleted" || subscription.status === "canceled";
      const periodEnd = periodEndOf(subscription);
      const scheduled = planOf({ plan: subscription.metadata?.scheduled_plan ?? "" });
      // An older event arriving after a newer one changes nothing (each row keeps its event's time).
      const stored = await tx.query(
        `INSERT INTO subscriptions (user_id, provider_subscription_id, provider_customer_id, plan, status, current_period_end,
           cancel_at_period_end, scheduled_plan, card_last4, event_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (user_id) DO UPDATE SET provider_subscription_id = EXCLUDED.provider_subscription_id,
           provider_customer_id = COALESCE(EXCLUDED.provider_customer_id, subscriptions.provider_customer_id),
           plan = EXCLUDED.plan, status = EXCLUDED.status, current_period_end = EXCLUDED.current_period_end,
           cancel_at_period_end = EXCLUDED.cancel_at_period_end, scheduled_plan = EXCLUDED.scheduled_plan,
           card_last4 = COALESCE(EXCLUDED.card_last4, subscriptions.card_last4), event_at = EXCLUDED.event_at
         WHERE subscriptions.event_at <= EXCLUDED.event_at
         RETURNING user_id`,
        [
          userId,
          subscription.id,
          customerOf(subscription.customer),
          plan,
          ended ? "canceled" : subscription.status,
          periodEnd === null ? null : new Date(periodEnd * 1000),
          !ended && subscription.cancel_at_period_end,
          ended ? null : scheduled,
          cardOf(subscription.default_payment_method),
          at,
        ],
      );
      if (stored.length === 0) return ignored;
      const planChanged = await setPlan(tx, userId, ended ? "free" : plan, at);
      return { applied: true, planChanged };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const userId = userOf(details?.metadata);
      if (!userId || !invoice.id) return ignored;
      const [account] = await tx.query<{ id: string }>("SELECT id::text FROM users WHERE id = $1", [userId]);
      if (!account) return ignored;
      const failed = event.type === "invoice.payment_failed";
      const tax = (invoice.total_taxes ?? []).reduce((sum, line) => sum + line.amount, 0);
      await tx.query(
        `INSERT INTO invoices (id, user_id, created_at, total_cents, tax_cents, status, pdf_url) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, pdf_url = COALESCE(EXCLUDED.pdf_url, invoices.pdf_url)`,
        [invoice.id, userId, new Date(invoice.created * 1000), invoice.total, tax, failed ? "open" : "paid", invoice.invoice_pdf ?? null],
      );
      await tx.query("UPDATE subscriptions SET payment_failed = $2 WHERE user_id = $1", [userId, failed]);
      return { applied: true, planChanged: false };
    }
    case "payment_method.attached":
    case "payment_method.updated": {
      const method = event.data.object;
      const customer = customerOf(method.customer);
      const last4 = method.card?.last4;
      if (!customer || !last4) return ignored;
      const updated = await tx.query("UPDATE subscriptions SET card_last4 = $2 WHERE provider_customer_id = $1 RETURNING user_id", [
        customer,
        last4,
      ]);
      return { applied: updated.length > 0, planChanged: false };
    }
    default:
      return ignored;
  }
}
