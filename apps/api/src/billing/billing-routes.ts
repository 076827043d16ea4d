import { API_PATHS, checkoutRequestSchema } from "@oystar/api-client";
import { choosePlan, planById, planMessages, planRank } from "@oystar/plans-and-gates";
import { Hono, type MiddlewareHandler } from "hono";
import type Stripe from "stripe";
import { createHash } from "node:crypto";
import { declarePolicy, type Access } from "../auth/access";
import type { Database } from "../db/database";
import { jsonBody } from "../web/json-body";
import { bodyCeiling, jsonOnly } from "../web/request-body";
import { applyProviderEvent, InvalidSignatureError, verifyProviderEvent } from "./billing-events";
import type { CheckoutProvider } from "./checkout-provider";
import { billingMessages } from "./messages";

/** Clicks on the same plan within this window make one checkout session. */
const IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;
/** A plan choice is a few bytes. */
const CHECKOUT_BODY = { maxBytes: 4 * 1024 };
/** Stripe's events are well under this (a checkout session with metadata is a few KB). */
const WEBHOOK_BODY = { maxBytes: 512 * 1024 };

/** POST /api/checkout/session (signed-in): the rules of spec 000 §4, enforced here. */
export function checkoutRoutes(access: Access, db: Database, provider: CheckoutProvider, origin: string) {
  const checkoutBody = jsonBody(checkoutRequestSchema, billingMessages.invalidPlan);
  return new Hono().post(API_PATHS.checkoutSession, access.signedIn, jsonOnly, bodyCeiling(CHECKOUT_BODY), checkoutBody, async (c) => {
    const user = c.get("user");

    const action = choosePlan({ target: c.req.valid("json").plan, currentPlan: user.plan, authLoading: false, signedIn: true });
    if (action.kind === "contact-sales")
      return c.json({ error: billingMessages.enterpriseOnRequest, contact_url: "/enterprise-contact" }, 400);
    if (action.kind === "alert") return c.json({ error: action.message }, 409);
    if (action.kind !== "checkout") return c.json({ error: billingMessages.invalidRequest }, 400);

    // The apps mark every lower plan unavailable; the server refuses any downgrade alike.
    if (planRank(action.plan) < planRank(user.plan)) return c.json({ error: planMessages.noDowngrade }, 409);
    const plan = planById(action.plan);
    // Issue 51 §1: a running subscription changes plan where it is managed, with the provider's
    // proration — never by a second checkout that would charge a second subscription.
    const [running] = await db.query("SELECT 1 FROM subscriptions WHERE user_id = $1 AND status <> 'canceled'", [user.id]);
    if (running) return c.json({ error: billingMessages.manageInAccount, manage_url: "/account" }, 409);
    const window = Math.floor(Date.now() / IDEMPOTENCY_WINDOW_MS);
    const idempotencyKey = createHash("sha256").update(`${user.id}:${plan.id}:${window}`).digest("hex");
    const existing = await db.query<{ id: string; url: string }>(
      "SELECT id, url FROM checkout_sessions WHERE idempotency_key = $1 AND status = 'open'",
      [idempotencyKey],
    );
    const reuse = existing[0];
    if (reuse) return c.json({ checkout_url: reuse.url, session_id: reuse.id });

    const session = await provider.createSession({ user, plan, origin, idempotencyKey });
    // Two clicks racing: the first stored session wins and both get it.
    const [stored] = await db.query<{ id: string; url: string }>(
      `INSERT INTO checkout_sessions (id, user_id, plan, idempotency_key, url) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (idempotency_key) DO UPDATE SET idempotency_key = EXCLUDED.idempotency_key
       RETURNING id, url`,
      [session.id, user.id, plan.id, idempotencyKey, session.url],
    );
    return c.json({ checkout_url: stored?.url ?? session.url, session_id: stored?.id ?? session.id });
  });
}

/**
 * Who may call the webhook: the payment provider, as its signature on the raw body proves (the
 * route's policy; the verified event is handed on). 400 for anything else.
 */
const signedByProvider = (webhookSecret: string) =>
  declarePolicy<MiddlewareHandler<{ Variables: { providerEvent: Stripe.Event } }>>("signature of the payment provider", async (c, next) => {
    try {
      c.set("providerEvent", verifyProviderEvent(await c.req.text(), c.req.header("stripe-signature") ?? "", webhookSecret));
    } catch (error) {
      if (error instanceof InvalidSignatureError) return c.json({ error: error.message }, 400);
      throw error;
    }
    await next();
  });

/** POST /api/billing/webhook (the payment provider): signature on the raw body, then apply. */
export function webhookRoutes(db: Database, billing: { provider: CheckoutProvider; webhookSecret: string }) {
  return new Hono().post(API_PATHS.billingWebhook, bodyCeiling(WEBHOOK_BODY), signedByProvider(billing.webhookSecret), async (c) => {
    const outcome = await applyProviderEvent(db, billing, c.get("providerEvent"));
    return c.json({ received: true, outcome });
  });
}
