import { planById } from "@oystar/plans-and-gates";
import { Hono } from "hono";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { Database } from "../db/database";
import { checkCard } from "./card";
import { devCheckoutPage, devCheckoutStyles } from "./dev-checkout-page";

type OpenSession = { id: string; user_id: string; plan: "free" | "base" | "pro" | "business" | "enterprise" };

const euro = (price: number | null) => (price === null ? "su richiesta" : `${price.toFixed(2).replace(".", ",")} €`);

/**
 * The built-in checkout (no STRIPE_SECRET_KEY): paying posts a `checkout.session.completed` event
 * signed with Stripe's scheme to this server's own webhook, over HTTP, so the plan changes on the
 * same code path as with Stripe (DESIGN.md §4).
 */
export function devCheckoutRoutes(db: Database, webhookSecret: string) {
  const app = new Hono();

  app.get("/api/dev/checkout.css", (c) => c.body(devCheckoutStyles, 200, { "Content-Type": "text/css; charset=utf-8" }));

  const openSession = async (id: string) =>
    (await db.query<OpenSession>("SELECT id, user_id::text, plan FROM checkout_sessions WHERE id = $1 AND status = 'open'", [id]))[0];

  app.get("/api/dev/checkout/:id", async (c) => {
    const session = await openSession(c.req.param("id"));
    if (!session) return c.text("Sessione di pagamento inesistente o già pagata.", 404);
    const plan = planById(session.plan);
    return c.html(devCheckoutPage({ sessionId: session.id, planName: plan.name, price: euro(plan.price) }));
  });

  app.post("/api/dev/checkout/:id/pay", async (c) => {
    const session = await openSession(c.req.param("id"));
    if (!session) return c.text("Sessione di pagamento inesistente o già pagata.", 404);
    const plan = planById(session.plan);
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    const card = checkCard({ name: field("name"), number: field("number"), expiry: field("expiry"), cvc: field("cvc") });
    if (!card.ok) return c.html(devCheckoutPage({ sessionId: session.id, planName: plan.name, price: euro(plan.price), error: card.message }), 402);

    const origin = new URL(c.req.url).origin;
    const payload = JSON.stringify({
      id: `evt_dev_${randomBytes(12).toString("hex")}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: session.id,
          object: "checkout.session",
          client_reference_id: session.user_id,
          metadata: { user_id: session.user_id, plan: plan.id },
          payment_status: "paid",
        },
      },
    });
    const delivery = await fetch(`${origin}/api/billing/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) },
      body: payload,
    });
    if (!delivery.ok) {
      return c.html(devCheckoutPage({ sessionId: session.id, planName: plan.name, price: euro(plan.price), error: "Pagamento non riuscito. Riprova." }), 502);
    }
    return c.redirect(`/success?plan=${plan.id}`, 303);
  });

  return app;
}
