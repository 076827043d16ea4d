import { checkoutRequestSchema } from "@oystar/api-client";
import { choosePlan, planById, planMessages, planRank } from "@oystar/plans-and-gates";
import { Hono } from "hono";
import { createHash } from "node:crypto";
import Stripe from "stripe";
import type { SignedInVariables } from "../auth/require-user";
import type { Database } from "../db/database";
import { applyBillingEvent } from "./billing-events";
import type { CheckoutProvider } from "./checkout-provider";

/** spec 000 §4: Stripe's signature tolerance of five minutes. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Clicks on the same plan within this window make one checkout session. */
const IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;

export const ENTERPRISE_ON_REQUEST = "Il piano Enterprise è su richiesta: scrivici dalla pagina dei contatti.";

/** POST /api/checkout/session (signed-in): the rules of spec 000 §4, enforced here. */
export function checkoutRoutes(db: Database, provider: CheckoutProvider) {
  return new Hono<{ Variables: SignedInVariables }>().post("/api/checkout/session", async (c) => {
    const user = c.get("user");
    const body = checkoutRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success) return c.json({ error: "Piano non valido: scegli tra base, pro e business." }, 400);

    const action = choosePlan({ target: body.data.plan, currentPlan: user.plan, authLoading: false, signedIn: true });
    if (action.kind === "contact-sales") return c.json({ error: ENTERPRISE_ON_REQUEST, contact_url: "/enterprise-contact" }, 400);
    if (action.kind === "alert") return c.json({ error: action.message }, 409);
    if (action.kind !== "checkout") return c.json({ error: "Richiesta non valida" }, 400);

    // The apps mark every lower plan unavailable; the server refuses any downgrade alike.
    if (planRank(action.plan) < planRank(user.plan)) return c.json({ error: planMessages.noDowngrade }, 409);
    const plan = planById(action.plan);
    const window = Math.floor(Date.now() / IDEMPOTENCY_WINDOW_MS);
    const idempotencyKey = createHash("sha256").update(`${user.id}:${plan.id}:${window}`).digest("hex");
    const existing = await db.query<{ id: string; url: string }>(
      "SELECT id, url FROM checkout_sessions WHERE idempotency_key = $1 AND status = 'open'",
      [idempotencyKey],
    );
    const reuse = existing[0];
    if (reuse) return c.json({ checkout_url: reuse.url, session_id: reuse.id });

    const session = await provider.createSession({ user, plan, origin: new URL(c.req.url).origin, idempotencyKey });
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

/** POST /api/billing/webhook (the payment provider): signature on the raw body, then apply. */
export function webhookRoutes(db: Database, webhookSecret: string) {
  return new Hono().post("/api/billing/webhook", async (c) => {
    const payload = await c.req.text();
    const signature = c.req.header("stripe-signature") ?? "";
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(payload, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
    } catch {
      return c.json({ error: "Firma del webhook non valida" }, 400);
    }
    const outcome = await applyBillingEvent(db, event);
    return c.json({ received: true, outcome });
  });
}
