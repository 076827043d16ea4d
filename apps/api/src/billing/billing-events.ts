import { planIdSchema } from "@oystar/api-client";
import { planRank } from "@oystar/plans-and-gates";
import Stripe from "stripe";
import { accountsChanged } from "../accounts/accounts";
import type { Database } from "../db/database";
import { errorKind, logLine } from "../web/log-line";
import type { CheckoutProvider } from "./checkout-provider";
import { log } from "../observe/log";
import { applySubscriptionEvent } from "./subscription-events";
import type { EventOutcome } from "./event-outcome";

export type { EventOutcome };

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
  return applyProviderEvent(db, billing, verifyProviderEvent(payload, signature, billing.webhookSecret));
}

/** The provider's event, if its signature (Stripe's scheme, on the raw body) holds; InvalidSignatureError otherwise. */
export function verifyProviderEvent(payload: string, signature: string, webhookSecret: string): Stripe.Event {
  try {
    return Stripe.webhooks.constructEvent(payload, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    throw new InvalidSignatureError("Firma del webhook non valida");
  }
}

/** Applies a verified event, then closes the user's other open checkouts at the provider. */
export async function applyProviderEvent(
  db: Database,
  billing: { provider: CheckoutProvider },
  event: Stripe.Event,
): Promise<EventOutcome> {
  const { outcome, expiredSessions } = await applyBillingEvent(db, event);
  // The user's other open checkouts can no longer be paid (issue 10 §4), at the provider too.
  for (const id of expiredSessions) {
    await billing.provider.expireSession(id).catch((error: unknown) => {
      log.error({ session: logLine(id), kind: errorKind(error) }, "Scadenza della sessione di pagamento non riuscita");
    });
  }
  if (outcome === "applied") await recordCard(db, billing.provider, event);
  return outcome;
}

/**
 * Issue 51: Stripe's subscription events name the card by its id only; its last four digits are
 * asked of Stripe once the event is applied (a failure leaves the card unknown, never the event).
 */
async function recordCard(db: Database, provider: CheckoutProvider, event: Stripe.Event) {
  if (event.type !== "customer.subscription.created" && event.type !== "customer.subscription.updated") return;
  const subscription = event.data.object;
  const method = subscription.default_payment_method;
  if (typeof method !== "string" || !method) return;
  try {
    const last4 = await provider.subscriptions.cardLast4(method);
    if (last4) await db.query("UPDATE subscriptions SET card_last4 = $2 WHERE provider_subscription_id = $1", [subscription.id, last4]);
  } catch (error) {
    log.error({ kind: errorKind(error) }, "Carta dell'abbonamento non letta dal fornitore");
  }
}

/**
 * Applies one verified provider event. Its id is recorded in the same transaction as what it
 * changes, so a redelivered event changes nothing. A completed checkout is judged by its plan
 * against the account's, never by the order its event arrives in (issue 10 §4): a higher plan is
 * applied; one no higher is recorded as due for a refund (an older, cheaper tab paid last never
 * lowers the plan). When the plan being replaced was itself paid while this checkout was already
 * open (two tabs paid, their events crossed), that cheaper payment is recorded for a refund too,
 * as if the events had come in order. Every paid checkout ends recorded, applied or due for a
 * refund, even one this server never opened; the user's other open checkouts are closed.
 */
export async function applyBillingEvent(db: Database, event: Stripe.Event): Promise<{ outcome: EventOutcome; expiredSessions: string[] }> {
  const result = await db.transaction(async (tx) => {
    const created = new Date(event.created * 1000);
    const nothing = (outcome: EventOutcome) => ({ outcome, expiredSessions: [] as string[] });
    const recorded = await tx.query(
      "INSERT INTO billing_events (id, type, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id",
      [event.id, event.type, created],
    );
    if (recorded.length === 0) return nothing("duplicate");
    if (event.type !== "checkout.session.completed")
      return nothing((await applySubscriptionEvent(tx, event)).applied ? "applied" : "ignored");

    const session = event.data.object;
    const plan = planIdSchema.safeParse(session.metadata?.plan);
    const userId = session.metadata?.user_id ?? session.client_reference_id;
    if (!plan.success || !userId || !/^\d+$/.test(userId) || session.payment_status === "unpaid") return nothing("ignored");

    // billing_event_at: when the account's current plan was paid.
    const [account] = await tx.query<{ plan: string; paid_while_open: boolean | null }>(
      `SELECT u.plan, u.billing_event_at > s.created_at AS paid_while_open
       FROM users u LEFT JOIN checkout_sessions s ON s.id = $2 WHERE u.id = $1 FOR UPDATE OF u`,
      [userId, session.id],
    );
    if (!account) return nothing("ignored");
    const current = planIdSchema.parse(account.plan);
    let outcome: EventOutcome;
    if (planRank(plan.data) <= planRank(current)) outcome = "refund_due";
    else {
      await tx.query("UPDATE users SET plan = $1, billing_event_at = $2, updated_at = now() WHERE id = $3", [plan.data, created, userId]);
      if (account.paid_while_open) {
        await tx.query(
          `UPDATE checkout_sessions SET status = 'refund_due' WHERE id = (
             SELECT id FROM checkout_sessions WHERE user_id = $1 AND plan = $2 AND status = 'completed' AND id <> $3 ORDER BY created_at DESC LIMIT 1)`,
          [userId, current, session.id],
        );
      }
      outcome = "applied";
    }
    await tx.query(
      `INSERT INTO checkout_sessions (id, user_id, plan, idempotency_key, url, status) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status`,
      [session.id, userId, plan.data, `provider:${session.id}`, session.url ?? "", outcome === "applied" ? "completed" : "refund_due"],
    );
    const expired = await tx.query<{ id: string }>(
      "UPDATE checkout_sessions SET status = 'expired' WHERE user_id = $1 AND status = 'open' AND id <> $2 RETURNING id",
      [userId, session.id],
    );
    return { outcome, expiredSessions: expired.map((row) => row.id) };
  });
  if (result.outcome === "applied") accountsChanged(db);
  return result;
}
