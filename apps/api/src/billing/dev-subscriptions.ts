import type { PlanId } from "@oystar/api-client";
import { planById, type PlanDetails } from "@oystar/plans-and-gates";
import { randomBytes } from "node:crypto";
import type { Database, Queryable } from "../db/database";
import type { EventOutcome } from "./event-outcome";
import { devInvoicePdf, type Seller } from "./dev-invoice-pdf";
import { chargesDeclined } from "./card";
import { PaymentDeclinedError, type SubscriptionOperations } from "./subscription-provider";
import { chargedCents, vatInside, type VatSettings } from "./vat";

type Row = {
  id: string;
  customer_id: string;
  user_id: string;
  plan: PlanId;
  status: string;
  period_start: Date;
  period_end: Date;
  cancel_at_period_end: boolean;
  scheduled_plan: PlanId | null;
  card_last4: string;
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const oneMonthAfter = (date: Date) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};
const id = (prefix: string) => `${prefix}_dev_${randomBytes(12).toString("hex")}`;

/** Sends one event of Stripe's shape to the webhook's own receiver (dev-events.ts's devEventSink). */
export type DevEventSink = (type: string, object: Record<string, unknown>) => Promise<EventOutcome>;

export type DevSubscriptions = SubscriptionOperations & {
  /** A paid checkout starts a subscription, as Stripe's Checkout does in subscription mode. */
  start(input: { sessionId: string; userId: string; plan: PlanDetails; cardLast4: string }): Promise<void>;
  /**
   * Development only: the provider's clock moves to the end of the caller's paid period — a
   * cancelled subscription ends (`customer.subscription.deleted`), a scheduled change comes due,
   * otherwise it renews; `failRenewal` makes the renewal's payment fail.
   */
  advanceClock(userId: string, options?: { failRenewal?: boolean }): Promise<boolean>;
  /** The card page's subscription, while its capability is open. */
  cardUpdateFor(token: string): Promise<{ planName: string } | null>;
  /** A new card: `payment_method.attached`, and an unpaid renewal charged again (`invoice.paid`). */
  updateCard(token: string, cardLast4: string): Promise<boolean>;
};

/**
 * The built-in checkout's subscriptions (issue 51): the same operations as Stripe's and the same
 * events, its books in dev_provider_* tables as Stripe's are at Stripe. Prorations are Stripe's
 * rule: the unused part of the old price credited, the new one charged for the rest of the period.
 */
export function devSubscriptions(
  db: Database,
  settings: { vat: VatSettings; seller: Seller },
  send: DevEventSink,
  now: () => Date = () => new Date(),
): DevSubscriptions {
  const { vat, seller } = settings;
  const load = async (q: Queryable, subscriptionId: string) =>
    (
      await q.query<Row>(
        `SELECT id, customer_id, user_id::text, plan, status, period_start, period_end, cancel_at_period_end, scheduled_plan, card_last4
         FROM dev_provider_subscriptions WHERE id = $1`,
        [subscriptionId],
      )
    )[0];

  const subscriptionObject = (row: Row) => ({
    id: row.id,
    object: "subscription",
    customer: row.customer_id,
    status: row.status,
    cancel_at_period_end: row.cancel_at_period_end,
    metadata: { user_id: row.user_id, plan: row.plan, scheduled_plan: row.scheduled_plan ?? "" },
    default_payment_method: { id: `pm_dev_${row.card_last4}`, object: "payment_method", card: { last4: row.card_last4 } },
    items: {
      object: "list",
      data: [
        {
          id: `si_${row.id}`,
          object: "subscription_item",
          current_period_start: seconds(row.period_start),
          current_period_end: seconds(row.period_end),
          price: {
            id: `price_dev_${row.plan}`,
            object: "price",
            product: "prod_dev_oystar",
            unit_amount: chargedCents(planById(row.plan).price ?? 0, vat),
          },
        },
      ],
    },
  });

  /** An invoice of the subscription, as Stripe's invoice events carry it (the VAT inside, or added). */
  const invoiceObject = (
    row: Pick<Row, "id" | "user_id" | "plan">,
    invoice: { id: string; created: Date; totalCents: number; taxCents: number; paid: boolean },
  ) => ({
    id: invoice.id,
    object: "invoice",
    created: seconds(invoice.created),
    currency: "eur",
    total: invoice.totalCents,
    amount_due: invoice.totalCents,
    amount_paid: invoice.paid ? invoice.totalCents : 0,
    status: invoice.paid ? "paid" : "open",
    total_taxes: [
      {
        amount: invoice.taxCents,
        tax_behavior: vat.pricesIncludeVat ? "inclusive" : "exclusive",
        taxability_reason: null,
        taxable_amount: invoice.totalCents - invoice.taxCents,
        type: "tax_rate_details",
      },
    ],
    invoice_pdf: null,
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: row.id, metadata: { user_id: row.user_id, plan: row.plan } },
    },
  });

  const invoice = async (row: Row, description: string, totalCents: number, paid: boolean, created = now()) => {
    const invoiceId = id("in");
    const taxCents = vatInside(totalCents, vat);
    await db.query(
      "INSERT INTO dev_provider_invoices (id, subscription_id, created_at, description, total_cents, tax_cents, status) VALUES ($1, $2, $3, $4, $5, $6, $7)",
      [invoiceId, row.id, created, description, totalCents, taxCents, paid ? "paid" : "open"],
    );
    await send(
      paid ? "invoice.paid" : "invoice.payment_failed",
      invoiceObject(row, { id: invoiceId, created, totalCents, taxCents, paid }),
    );
  };

  const change = async (subscriptionId: string, set: string, values: unknown[]) => {
    await db.query(`UPDATE dev_provider_subscriptions SET ${set} WHERE id = $1`, [subscriptionId, ...values]);
    const row = await load(db, subscriptionId);
    if (!row) throw new Error(`no subscription ${subscriptionId}`);
    await send("customer.subscription.updated", subscriptionObject(row));
    return row;
  };

  const proration = (row: Row, plan: PlanDetails) => {
    const total = row.period_end.getTime() - row.period_start.getTime();
    const left = Math.max(0, row.period_end.getTime() - now().getTime()) / total;
    const difference = chargedCents(plan.price ?? 0, vat) - chargedCents(planById(row.plan).price ?? 0, vat);
    return Math.max(0, Math.round(difference * left));
  };

  return {
    async start({ sessionId, userId, plan, cardLast4 }) {
      const subscriptionId = `sub_${sessionId.replace(/^cs_/, "")}`;
      const start = now();
      await db.query(
        `INSERT INTO dev_provider_subscriptions (id, customer_id, user_id, plan, period_start, period_end, card_last4)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [subscriptionId, `cus_dev_${userId}`, userId, plan.id, start, oneMonthAfter(start), cardLast4],
      );
      const row = await load(db, subscriptionId);
      if (!row) return;
      await send("customer.subscription.created", subscriptionObject(row));
      await invoice(row, `OYSTAR ${plan.name}`, chargedCents(plan.price ?? 0, vat), true);
    },
    async cancelAtPeriodEnd(subscriptionId) {
      await change(subscriptionId, "cancel_at_period_end = true", []);
    },
    async reactivate(subscriptionId) {
      await change(subscriptionId, "cancel_at_period_end = false", []);
    },
    async cancelScheduledChange(subscriptionId) {
      await change(subscriptionId, "scheduled_plan = NULL", []);
    },
    async previewUpgrade(subscriptionId, plan) {
      const row = await load(db, subscriptionId);
      if (!row) throw new Error(`no subscription ${subscriptionId}`);
      return { amountDueCents: proration(row, plan) };
    },
    async upgrade(subscriptionId, plan) {
      const before = await load(db, subscriptionId);
      if (!before) throw new Error(`no subscription ${subscriptionId}`);
      const due = proration(before, plan);
      // As Stripe's error_if_incomplete: a refused charge changes nothing.
      if (due > 0 && chargesDeclined(before.card_last4)) throw new PaymentDeclinedError();
      const row = await change(subscriptionId, "plan = $2, scheduled_plan = NULL, cancel_at_period_end = false", [plan.id]);
      await invoice(row, `OYSTAR ${planById(before.plan).name} → ${plan.name}, rateo`, due, true);
    },
    async scheduleDowngrade(subscriptionId, plan) {
      await change(subscriptionId, "scheduled_plan = $2, cancel_at_period_end = false", [plan.id]);
    },
    async paymentMethodUpdateUrl({ subscriptionId, returnUrl }) {
      const token = randomBytes(18).toString("base64url");
      await db.query("UPDATE dev_provider_subscriptions SET card_update_token = $2 WHERE id = $1", [subscriptionId, token]);
      return `${new URL(returnUrl).origin}/api/dev/billing/card/${token}`;
    },
    async cardUpdateFor(token) {
      const [row] = await db.query<{ plan: PlanId }>("SELECT plan FROM dev_provider_subscriptions WHERE card_update_token = $1", [token]);
      return row ? { planName: planById(row.plan).name } : null;
    },
    async updateCard(token, cardLast4) {
      const [found] = await db.query<{ id: string }>(
        "UPDATE dev_provider_subscriptions SET card_update_token = NULL, card_last4 = $2 WHERE card_update_token = $1 RETURNING id",
        [token, cardLast4],
      );
      const row = found && (await load(db, found.id));
      if (!row) return false;
      await send("payment_method.attached", {
        id: `pm_dev_${cardLast4}`,
        object: "payment_method",
        customer: row.customer_id,
        card: { last4: cardLast4 },
      });
      // The renewal that failed is charged again on the new card, as Stripe retries it (a card
      // that declines leaves it unpaid).
      if (chargesDeclined(cardLast4)) return true;
      const unpaid = await db.query<{ id: string; total_cents: number; tax_cents: number; created_at: Date }>(
        "UPDATE dev_provider_invoices SET status = 'paid' WHERE subscription_id = $1 AND status = 'open' RETURNING id, total_cents, tax_cents, created_at",
        [row.id],
      );
      for (const invoice of unpaid) {
        await send(
          "invoice.paid",
          invoiceObject(row, {
            id: invoice.id,
            created: invoice.created_at,
            totalCents: invoice.total_cents,
            taxCents: invoice.tax_cents,
            paid: true,
          }),
        );
      }
      if (row.status === "past_due") await change(row.id, "status = 'active'", []);
      return true;
    },
    // Its events carry the card itself.
    async cardLast4() {
      return null;
    },
    async invoicePdf(invoiceId) {
      return { pdf: await devInvoicePdf(db, invoiceId, vat, seller) };
    },
    async advanceClock(userId, options = {}) {
      const [running] = await db.query<{ id: string }>(
        "SELECT id FROM dev_provider_subscriptions WHERE user_id = $1 AND status <> 'canceled' ORDER BY period_start DESC LIMIT 1",
        [userId],
      );
      const row = running && (await load(db, running.id));
      if (!row) return false;
      if (row.cancel_at_period_end) {
        await db.query("UPDATE dev_provider_subscriptions SET status = 'canceled' WHERE id = $1", [row.id]);
        await send("customer.subscription.deleted", subscriptionObject({ ...row, status: "canceled" }));
        return true;
      }
      const plan = planById(row.scheduled_plan ?? row.plan);
      const paid = !options.failRenewal && !chargesDeclined(row.card_last4);
      const renewed = await change(
        row.id,
        "plan = $2, scheduled_plan = NULL, period_start = period_end, period_end = period_end + interval '1 month', status = $3",
        [plan.id, paid ? "active" : "past_due"],
      );
      await invoice(renewed, `OYSTAR ${plan.name}`, chargedCents(plan.price ?? 0, vat), paid, renewed.period_start);
      return true;
    },
  };
}
