import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { Database } from "../db/database";
import { receiveProviderEvent } from "./billing-events";
import type { CheckoutProvider } from "./checkout-provider";
import type { DevEventSink } from "./dev-subscriptions";

export type { DevEventSink };

/**
 * The built-in provider's webhook: an event of Stripe's shape, signed with Stripe's scheme and
 * handed in process to the webhook's own receiver (DESIGN.md §4) — so its idempotency and checks
 * are the same as for Stripe's. Nothing is sent over the network.
 */
export function devEventSink(db: Database, billing: { provider: CheckoutProvider; webhookSecret: string }): DevEventSink {
  return (type, object) => {
    const payload = JSON.stringify({
      id: `evt_dev_${randomBytes(12).toString("hex")}`,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: billing.webhookSecret });
    return receiveProviderEvent(db, billing, payload, signature);
  };
}
