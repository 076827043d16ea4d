import { planIdSchema } from "@oystar/api-client";
import { planRank } from "@oystar/plans-and-gates";
import Stripe from "stripe";
import { forgetRecentAccounts } from "../accounts/accounts";
import type { Database } from "../db/database";
import { logLine } from "../web/log-line";
import type { CheckoutProvider } from "./checkout-provider";

export type EventOutcome = "applied" | "duplicate" | "stale" | "ignored" | "refund_due";

/** spec 000 §4: Stripe's signature tolerance of five minutes. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export class InvalidSignatureError extends Error {
  override name = "InvalidSignatureError";
}

/**
 * The one way a payment changes a plan (DESIGN.md §4): the provider's signed event, checked on
 * its raw body, then applied. The webhook route and the built-in checkout both come here.
 */
export async function receiveProviderEvent(
  db: Database,
  billing: { provider: CheckoutProvider; webhookSecret: string },
  payload: string,
  signature: string,
): Promise<EventOutcome> {
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, billing.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    throw new InvalidSignatureError("Firma del webhook non valida");
  }
  const { outcome, expiredSessions } = await applyBillingEvent(db, event);
  // The user's other open checkouts can no longer be paid (issue 10 §4), at the provider too.
  for (const id of expiredSessions) {
    await billing.provider.expireSession(id).catch((error: unknown) => {
      console.error(`Scadenza della sessione di pagamento ${id} non riuscita: ${logLine(error)}`);
    });
  }
  return outcome;
}

/**
 * Applies one verified provider event. Its id is recorded in the same transaction as the plan
 * change, so a redelivered event changes nothing; an event older than the last one applied to
 * the account (out of order) changes nothing either. A completed checkout for a plan no higher
 * than the account's (an older, cheaper tab paid last) never lowers it: it is recorded as due
 * for a refund. Either way the user's other open checkouts are closed.
 */
export async function applyBillingEvent(db: Database, event: Stripe.Event): Promise<{ outcome: EventOutcome; expiredSessions: string[] }> {
  const result = await db.transaction(async (tx) => {
    const created = new Date(event.created * 1000);
    const nothing = (outcome: EventOutcome) => ({ outcome, expiredSessions: [] as string[] });
    const recorded = await tx.query("INSERT INTO billing_events (id, type, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id", [
      event.id,
      event.type,
      created,
    ]);
    if (recorded.length === 0) return nothing("duplicate");
    if (event.type !== "checkout.session.completed") return nothing("ignored");

    const session = event.data.object;
    const plan = planIdSchema.safeParse(session.metadata?.plan);
    const userId = session.metadata?.user_id ?? session.client_reference_id;
    if (!plan.success || !userId || !/^\d+$/.test(userId) || session.payment_status === "unpaid") return nothing("ignored");

    const [account] = await tx.query<{ plan: string; newer: boolean }>(
      "SELECT plan, billing_event_at IS NOT NULL AND billing_event_at >= $2 AS newer FROM users WHERE id = $1 FOR UPDATE",
      [userId, created],
    );
    if (!account) return nothing("ignored");
    const current = planIdSchema.parse(account.plan);
    let outcome: EventOutcome;
    if (account.newer) outcome = "stale";
    else if (planRank(plan.data) <= planRank(current)) outcome = "refund_due";
    else {
      await tx.query("UPDATE users SET plan = $1, billing_event_at = $2, updated_at = now() WHERE id = $3", [plan.data, created, userId]);
      outcome = "applied";
    }
    await tx.query("UPDATE checkout_sessions SET status = $2 WHERE id = $1", [session.id, outcome === "refund_due" ? "refund_due" : "completed"]);
    const expired = await tx.query<{ id: string }>(
      "UPDATE checkout_sessions SET status = 'expired' WHERE user_id = $1 AND status = 'open' AND id <> $2 RETURNING id",
      [userId, session.id],
    );
    return { outcome, expiredSessions: expired.map((row) => row.id) };
  });
  if (result.outcome === "applied") forgetRecentAccounts(db);
  return result;
}
