import type { PlanDetails } from "@oystar/plans-and-gates";
import { DEFAULT_VAT, type VatSettings } from "./vat";
import Stripe from "stripe";

/**
 * Issue 51: what 'Il mio account' asks of the payment provider about a running subscription. The
 * provider answers with its events (subscription-events.ts), never with a change of ours: the
 * account's state is what the events said.
 */
export type SubscriptionOperations = {
  /** 'Disdici abbonamento': the plan runs to the end of the paid period, then ends. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** 'Riattiva': the cancellation is withdrawn before the period ends. */
  reactivate(subscriptionId: string): Promise<void>;
  /** Withdraws a downgrade scheduled for the period's end: the plan simply renews. */
  cancelScheduledChange(subscriptionId: string): Promise<void>;
  /** What an upgrade charges today, in cents: the provider's proration of the running period. */
  previewUpgrade(subscriptionId: string, plan: PlanDetails): Promise<{ amountDueCents: number }>;
  /**
   * Upgrades the running subscription now, charging the prorated amount. A card the bank refuses
   * throws PaymentDeclinedError, and the subscription stays as it was.
   */
  upgrade(subscriptionId: string, plan: PlanDetails, userId: string): Promise<void>;
  /** Moves to a cheaper plan when the paid period ends. */
  scheduleDowngrade(subscriptionId: string, plan: PlanDetails, userId: string): Promise<void>;
  /**
   * 'Aggiorna il metodo di pagamento': the provider's page where the customer gives another card
   * (Stripe's customer portal); a renewal that failed is charged again there.
   */
  paymentMethodUpdateUrl(input: { subscriptionId: string; customerId: string | null; returnUrl: string }): Promise<string>;
  /** A payment method's last four digits, for events that name it only by its id (Stripe's do). */
  cardLast4(paymentMethodId: string): Promise<string | null>;
  /** The invoice as a PDF: the provider's own address, or the file itself. */
  invoicePdf(invoiceId: string): Promise<{ url: string } | { pdf: Uint8Array }>;
};

/**
 * The bank refused the charge an operation needed (an upgrade's proration): nothing changed at the
 * provider — the plan stays — and the customer is asked for another card.
 */
export class PaymentDeclinedError extends Error {
  constructor() {
    super("payment declined by the card's bank");
    this.name = "PaymentDeclinedError";
  }
}

const cents = (plan: PlanDetails) => {
  if (plan.price === null) throw new Error(`${plan.id} has no price`);
  return Math.round(plan.price * 100);
};

/** The running subscription's one item, its product and its period. */
async function runningItem(stripe: Stripe, subscriptionId: string) {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`subscription ${subscriptionId} has no item`);
  const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
  return { subscription, item, product };
}

const monthlyPrice = (product: string, plan: PlanDetails, vat: VatSettings) => ({
  currency: "eur",
  product,
  unit_amount: cents(plan),
  recurring: { interval: "month" as const },
  tax_behavior: vat.pricesIncludeVat ? ("inclusive" as const) : ("exclusive" as const),
});

/** Stripe's API for each operation (checked against the SDK's types, stripe-subscriptions.test.ts). */
export function stripeSubscriptions(
  stripe: Stripe,
  now: () => number = () => Math.floor(Date.now() / 1000),
  vat: VatSettings = DEFAULT_VAT,
): SubscriptionOperations {
  return {
    async cancelAtPeriodEnd(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    },
    async reactivate(subscriptionId) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    },
    async cancelScheduledChange(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const schedule = typeof subscription.schedule === "string" ? subscription.schedule : subscription.schedule?.id;
      // Released, the schedule leaves the subscription as it is now: this plan, renewing.
      if (schedule) await stripe.subscriptionSchedules.release(schedule);
      await stripe.subscriptions.update(subscriptionId, { metadata: { scheduled_plan: "" } });
    },
    async previewUpgrade(subscriptionId, plan) {
      const { item, product } = await runningItem(stripe, subscriptionId);
      const preview = await stripe.invoices.createPreview({
        subscription: subscriptionId,
        subscription_details: {
          items: [{ id: item.id, price_data: monthlyPrice(product, plan, vat) }],
          proration_behavior: "always_invoice",
          proration_date: now(),
        },
      });
      return { amountDueCents: preview.amount_due };
    },
    async upgrade(subscriptionId, plan, userId) {
      const { item, product } = await runningItem(stripe, subscriptionId);
      // The month already paid is credited; the difference is invoiced and charged today. With
      // error_if_incomplete a declined charge leaves the subscription unchanged and answers 402, a
      // card_error (the SDK's StripeCardError).
      try {
        await stripe.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price_data: monthlyPrice(product, plan, vat) }],
          proration_behavior: "always_invoice",
          proration_date: now(),
          payment_behavior: "error_if_incomplete",
          cancel_at_period_end: false,
          metadata: { user_id: userId, plan: plan.id, scheduled_plan: "" },
        });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError();
        throw error;
      }
    },
    async scheduleDowngrade(subscriptionId, plan, userId) {
      const { subscription, item, product } = await runningItem(stripe, subscriptionId);
      const scheduleId =
        typeof subscription.schedule === "string"
          ? subscription.schedule
          : (subscription.schedule?.id ?? (await stripe.subscriptionSchedules.create({ from_subscription: subscriptionId })).id);
      // Two phases: this one to the end of the paid period, then the cheaper plan.
      await stripe.subscriptionSchedules.update(scheduleId, {
        end_behavior: "release",
        proration_behavior: "none",
        phases: [
          {
            items: [{ price: item.price.id, quantity: 1 }],
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            metadata: { user_id: userId, plan: subscription.metadata.plan ?? "", scheduled_plan: plan.id },
          },
          {
            items: [{ price_data: monthlyPrice(product, plan, vat), quantity: 1 }],
            metadata: { user_id: userId, plan: plan.id, scheduled_plan: "" },
          },
        ],
      });
      await stripe.subscriptions.update(subscriptionId, { metadata: { scheduled_plan: plan.id } });
    },
    async paymentMethodUpdateUrl({ subscriptionId, customerId, returnUrl }) {
      const customer = customerId ?? (await runningItem(stripe, subscriptionId)).subscription.customer;
      const session = await stripe.billingPortal.sessions.create({
        customer: typeof customer === "string" ? customer : customer.id,
        return_url: returnUrl,
        flow_data: { type: "payment_method_update" },
      });
      return session.url;
    },
    async cardLast4(paymentMethodId) {
      return (await stripe.paymentMethods.retrieve(paymentMethodId)).card?.last4 ?? null;
    },
    async invoicePdf(invoiceId) {
      const invoice = await stripe.invoices.retrieve(invoiceId);
      if (!invoice.invoice_pdf) throw new Error(`invoice ${invoiceId} has no PDF yet`);
      return { url: invoice.invoice_pdf };
    },
  };
}
