import { planIdSchema } from "@oystar/api-client";
import type Stripe from "stripe";
import { forgetRecentAccounts } from "../accounts/accounts";
import type { Database } from "../db/database";

export type EventOutcome = "applied" | "duplicate" | "stale" | "ignored";

/**
 * Applies one verified provider event. Its id is recorded in the same transaction as the plan
 * change, so a redelivered event changes nothing; an event older than the last one applied to
 * the account (out of order) changes nothing either.
 */
export async function applyBillingEvent(db: Database, event: Stripe.Event): Promise<EventOutcome> {
  const outcome = await db.transaction(async (tx): Promise<EventOutcome> => {
    const created = new Date(event.created * 1000);
    const recorded = await tx.query("INSERT INTO billing_events (id, type, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id", [
      event.id,
      event.type,
      created,
    ]);
    if (recorded.length === 0) return "duplicate";
    if (event.type !== "checkout.session.completed") return "ignored";

    const session = event.data.object;
    const plan = planIdSchema.safeParse(session.metadata?.plan);
    const userId = session.metadata?.user_id ?? session.client_reference_id;
    if (!plan.success || !userId || !/^\d+$/.test(userId) || session.payment_status === "unpaid") return "ignored";

    const updated = await tx.query(
      `UPDATE users SET plan = $1, billing_event_at = $2, updated_at = now()
       WHERE id = $3 AND (billing_event_at IS NULL OR billing_event_at < $2) RETURNING id`,
      [plan.data, created, userId],
    );
    await tx.query("UPDATE checkout_sessions SET status = 'completed' WHERE id = $1", [session.id]);
    return updated.length > 0 ? "applied" : "stale";
  });
  if (outcome === "applied") forgetRecentAccounts(db);
  return outcome;
}
