import { CHECKOUT_CANCELLED_PARAM, type PlanDetails } from "@oystar/plans-and-gates";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { User } from "../accounts/accounts";
import type { DevSubscriptions } from "./dev-subscriptions";
import { stripeSubscriptions, type SubscriptionOperations } from "./subscription-provider";
import { DEFAULT_VAT, type VatSettings } from "./vat";

export type CheckoutRequest = { user: User; plan: PlanDetails; origin: string; idempotencyKey: string };
export type CheckoutProvider = {
  /** True for the built-in stand-in that plays the card provider in development and tests. */
  readonly builtIn: boolean;
  createSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Closes a session that must no longer be paid (our table already says so). */
  expireSession(id: string): Promise<void>;
  /**
   * Issue 36 §8, an account deleted: ends the recurring payment a paid session started, at once.
   * True when a subscription was running and is now cancelled; false when there was none to end.
   */
  cancelSubscription(sessionId: string): Promise<boolean>;
  /** Issue 51: cancel, reactivate, change plan, invoices — at the provider, answered by its events. */
  subscriptions: SubscriptionOperations;
  /** The built-in provider's own books, with the clock a journey advances (development only). */
  readonly devSubscriptions?: DevSubscriptions;
};

/** The return pages: fulfilment never happens there, only through the webhook. */
const successUrl = (origin: string, plan: PlanDetails) => `${origin}/success?plan=${plan.id}`;
/** Issue 52 §7: the plans page says the payment was cancelled (`CHECKOUT_CANCELLED_PARAM`), not nothing. */
const cancelUrl = (origin: string, plan: PlanDetails) => `${origin}/subscription?plan=${plan.id}&${CHECKOUT_CANCELLED_PARAM}=annullato`;

/** Real Stripe Checkout; the idempotency key makes a double click one session. */
export function stripeCheckout(secretKey: string, vat: VatSettings = DEFAULT_VAT): CheckoutProvider {
  const stripe = new Stripe(secretKey);
  return {
    builtIn: false,
    async createSession({ user, plan, origin, idempotencyKey }) {
      if (plan.price === null) throw new Error(`${plan.id} has no price`);
      const session = await stripe.checkout.sessions.create(
        {
          mode: "subscription",
          client_reference_id: user.id,
          customer_email: user.email ?? undefined,
          metadata: { user_id: user.id, plan: plan.id },
          // Issue 51: the subscription's own events name the account and the plan too.
          subscription_data: { metadata: { user_id: user.id, plan: plan.id } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "eur",
                unit_amount: Math.round(plan.price * 100),
                recurring: { interval: "month" },
                // Issue 51 §5: the list price includes VAT or not; the tax itself is Stripe Tax's, the operator's choice.
                tax_behavior: vat.pricesIncludeVat ? "inclusive" : "exclusive",
                product_data: { name: `OYSTAR ${plan.name}` },
              },
            },
          ],
          success_url: successUrl(origin, plan),
          cancel_url: cancelUrl(origin, plan),
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe returned no checkout URL");
      return { id: session.id, url: session.url };
    },
    async expireSession(id) {
      await stripe.checkout.sessions.expire(id);
    },
    async cancelSubscription(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["subscription"] });
      const subscription = session.subscription;
      if (!subscription) return false;
      const running = typeof subscription === "string" ? await stripe.subscriptions.retrieve(subscription) : subscription;
      if (running.status === "canceled" || running.status === "incomplete_expired") return false;
      await stripe.subscriptions.cancel(running.id);
      return true;
    },
    subscriptions: stripeSubscriptions(stripe, undefined, vat),
  };
}

/** What the built-in checkout's session ids look like: anything else names no session. */
export const BUILT_IN_SESSION_ID = /^cs_dev_[A-Za-z0-9_-]{24}$/;

/** The built-in checkout: a card form on this origin (see dev-checkout-routes.ts). */
export function builtInCheckout(subscriptions: DevSubscriptions): CheckoutProvider {
  return {
    builtIn: true,
    async createSession({ origin }) {
      const id = `cs_dev_${randomBytes(18).toString("base64url")}`;
      return { id, url: `${origin}/api/dev/checkout/${id}` };
    },
    // The built-in page serves open sessions only: the table's status is enough.
    async expireSession() {},
    // The built-in card page charges once and never again: no recurring payment to end.
    async cancelSubscription() {
      return false;
    },
    subscriptions,
    devSubscriptions: subscriptions,
  };
}

export { cancelUrl, successUrl };
