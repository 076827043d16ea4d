import type { PlanId } from "@oystar/api-client";
import { formatMonthlyPrice, formatPrice, planById } from "@oystar/plans-and-gates";
import { Hono } from "hono";
import type { Access } from "../auth/access";
import type { Database } from "../db/database";
import { z } from "zod";
import { jsonBody } from "../web/json-body";
import { bodyCeiling } from "../web/request-body";
import { devEventSink } from "./dev-events";
import { CHARGES_DECLINED_TEST_CARD, checkCard } from "./card";
import { BUILT_IN_SESSION_ID, cancelUrl, type CheckoutProvider } from "./checkout-provider";
import { devCheckoutPage, devCheckoutStyles } from "./dev-checkout-page";
import { billingMessages, subscriptionMessages } from "./messages";
import { chargedCents, type VatSettings } from "./vat";

/** The journeys' optional `{"failRenewal": true}`; anything else (or no body) advances as usual. */
const advanceClockSchema = z.object({ failRenewal: z.unknown() }).partial().nullable().catch(null);

type OpenSession = { id: string; user_id: string; plan: PlanId };

/** A card form is a few hundred bytes. */
const CARD_FORM_BODY = { maxBytes: 4 * 1024 };

/** 'Annulla' goes back where the provider's hosted page would: the plans, with this one chosen. */
const cancelPath = (plan: ReturnType<typeof planById>) => cancelUrl("", plan);

/**
 * The built-in checkout (no STRIPE_SECRET_KEY, never in production): paying makes a
 * `checkout.session.completed` event signed with Stripe's scheme and hands it, in process, to the
 * webhook's own receiver, so the plan changes on the same code path as with Stripe (DESIGN.md §4).
 * Nothing is sent over the network: a request's Host header can direct it nowhere.
 */
export function devCheckoutRoutes(
  access: Access,
  db: Database,
  billing: { provider: CheckoutProvider; webhookSecret: string },
  vat: VatSettings,
) {
  const app = new Hono();
  // Issue 51 §3: what is charged — the VAT always in it, added when the list prices exclude it.
  const charged = (plan: ReturnType<typeof planById>) => chargedCents(plan.price ?? 0, vat) / 100;

  /** The card page of an open checkout session, with what went wrong and what was typed, if anything. */
  const sessionPage = (session: OpenSession, extra: { error?: string; typed?: Record<string, string> } = {}) => {
    const plan = planById(session.plan);
    return devCheckoutPage({
      sessionId: session.id,
      planName: plan.name,
      price: formatPrice(charged(plan)),
      priceLine: formatMonthlyPrice(charged(plan), { ...vat, pricesIncludeVat: true }),
      cancelPath: cancelPath(plan),
      ...extra,
    });
  };

  app.get("/api/dev/checkout.css", access.public, (c) =>
    c.body(devCheckoutStyles, 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=3600" }),
  );

  // An id that is not one of ours (a NUL, a lone surrogate, anything) names no session: the
  // database is not asked, so it cannot fail on it.
  const openSession = async (id: string) =>
    BUILT_IN_SESSION_ID.test(id)
      ? (await db.query<OpenSession>("SELECT id, user_id::text, plan FROM checkout_sessions WHERE id = $1 AND status = 'open'", [id]))[0]
      : undefined;

  // The session id in the URL is the capability, as with a provider's hosted page.
  app.get("/api/dev/checkout/:id", access.public, async (c) => {
    const session = await openSession(c.req.param("id"));
    if (!session) return c.text(billingMessages.sessionGone, 404);
    return c.html(sessionPage(session));
  });

  app.post("/api/dev/checkout/:id/pay", access.public, bodyCeiling(CARD_FORM_BODY), async (c) => {
    const session = await openSession(c.req.param("id"));
    if (!session) return c.text(billingMessages.sessionGone, 404);
    const plan = planById(session.plan);
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    const checked = checkCard({ name: field("name"), number: field("number"), expiry: field("expiry"), cvc: field("cvc") });
    // The first month is charged now: a card whose charges the bank refuses is declined here.
    const card =
      checked.ok && field("number").replace(/\D/g, "") === CHARGES_DECLINED_TEST_CARD
        ? { ok: false as const, message: billingMessages.cardDeclined }
        : checked;
    if (!card.ok)
      return c.html(
        sessionPage(session, {
          error: card.message,
          typed: { name: field("name"), number: field("number"), expiry: field("expiry"), cvc: field("cvc") },
        }),
        402,
      );

    const send = devEventSink(db, billing);
    const outcome = await send("checkout.session.completed", {
      id: session.id,
      object: "checkout.session",
      client_reference_id: session.user_id,
      metadata: { user_id: session.user_id, plan: plan.id },
      payment_status: "paid",
      mode: "subscription",
      subscription: `sub_${session.id.replace(/^cs_/, "")}`,
    })
      .then(async (outcome) => {
        // Issue 51: as Stripe's Checkout in subscription mode, a paid session starts a subscription.
        if (outcome === "applied")
          await billing.provider.devSubscriptions?.start({
            sessionId: session.id,
            userId: session.user_id,
            plan,
            cardLast4: field("number").replace(/\D/g, "").slice(-4),
          });
        return outcome;
      })
      .catch(() => null);
    if (!outcome) return c.html(sessionPage(session, { error: billingMessages.paymentFailed }), 502);
    return c.redirect(`/success?plan=${plan.id}`, 303);
  });

  // Issue 51, 'Aggiorna il metodo di pagamento': the provider's card page for a running
  // subscription; its token in the URL is the capability, as with a hosted page.
  const cardToken = /^[A-Za-z0-9_-]{24}$/;
  const cardPage = (token: string, planName: string, extra: { error?: string; typed?: Record<string, string> } = {}) =>
    devCheckoutPage({
      sessionId: token,
      planName,
      price: "",
      priceLine: billingMessages.newCard,
      cancelPath: "/account",
      action: `/api/dev/billing/card/${token}`,
      submit: billingMessages.saveCard,
      ...extra,
    });
  /** The subscription whose card page the token opens; nothing for a token not of ours. */
  const cardOwner = async (token: string) => (cardToken.test(token) ? await billing.provider.devSubscriptions?.cardUpdateFor(token) : null);
  app.get("/api/dev/billing/card/:token", access.public, async (c) => {
    const token = c.req.param("token");
    const found = await cardOwner(token);
    if (!found) return c.text(billingMessages.sessionGone, 404);
    return c.html(cardPage(token, found.planName));
  });
  app.post("/api/dev/billing/card/:token", access.public, bodyCeiling(CARD_FORM_BODY), async (c) => {
    const token = c.req.param("token");
    const found = await cardOwner(token);
    if (!found) return c.text(billingMessages.sessionGone, 404);
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
    const typed = { name: field("name"), number: field("number"), expiry: field("expiry"), cvc: field("cvc") };
    const card = checkCard(typed);
    if (!card.ok) return c.html(cardPage(token, found.planName, { error: card.message, typed }), 402);
    const updated = await billing.provider.devSubscriptions
      ?.updateCard(token, typed.number.replace(/\D/g, "").slice(-4))
      .catch(() => false);
    if (!updated) return c.html(cardPage(token, found.planName, { error: billingMessages.paymentFailed }), 502);
    return c.redirect("/account", 303);
  });

  // Issue 51, development only: the provider's clock moves to the end of the caller's paid period
  // (a cancelled subscription ends with customer.subscription.deleted; otherwise it renews, its
  // payment failing with {"failRenewal": true}). Journeys call it; nobody waits a month.
  app.post("/api/dev/billing/advance-clock", access.signedIn, bodyCeiling(CARD_FORM_BODY), jsonBody(advanceClockSchema, ""), async (c) => {
    const failRenewal = c.req.valid("json")?.failRenewal === true;
    const advanced = await billing.provider.devSubscriptions?.advanceClock(c.get("user").id, { failRenewal });
    if (!advanced) return c.json({ error: subscriptionMessages.nothingToAdvance }, 409);
    return c.json({ advanced: true });
  });

  return app;
}
