import { API_PATHS, planChangeRequestSchema, type BillingSubscription, type PlanChangePreview, type PlanId } from "@oystar/api-client";
import { planById, planMessages, planRank } from "@oystar/plans-and-gates";
import { Hono } from "hono";
import type { Access } from "../auth/access";
import type { Database } from "../db/database";
import { errorKind } from "../web/log-line";
import { log } from "../observe/log";
import { jsonBody } from "../web/json-body";
import { jsonOnly } from "../web/request-body";
import type { CheckoutProvider } from "./checkout-provider";
import { billingMessages, subscriptionMessages } from "./messages";
import { PaymentDeclinedError } from "./subscription-provider";
import { readSubscriptionRow } from "../accounts/subscription-row";
import { chargedCents, type VatSettings } from "./vat";

const PAID_PLANS: readonly PlanId[] = ["base", "pro", "business"];

/**
 * Issue 51 §1: 'Abbonamento' in 'Il mio account'. Each action asks the provider (Stripe, or the
 * built-in checkout) and answers with the state its event left — the page shows it at once, and
 * the plan itself changes only by the provider's events (billing-events.ts).
 */
export function subscriptionManagementRoutes(
  access: Access,
  db: Database,
  provider: CheckoutProvider,
  settings: { vat: VatSettings; origin: string },
) {
  const { vat, origin } = settings;
  const app = new Hono();

  const running = async (userId: string) => {
    const row = await readSubscriptionRow(db, userId);
    return row && row.status !== "canceled" ? row : undefined;
  };

  const describe = async (userId: string): Promise<BillingSubscription> => {
    const row = await running(userId);
    const invoices = await db.query<{ id: string; created_at: Date; total_cents: number; tax_cents: number; status: "paid" | "open" }>(
      "SELECT id, created_at, total_cents, tax_cents, status FROM invoices WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT 100",
      [userId],
    );
    return {
      subscription: row
        ? {
            plan: row.plan,
            plan_name: planById(row.plan).name,
            price_cents: chargedCents(planById(row.plan).price ?? 0, vat),
            status: row.status,
            current_period_end: row.current_period_end?.toISOString() ?? null,
            cancel_at_period_end: row.cancel_at_period_end,
            scheduled_plan: row.scheduled_plan,
            scheduled_plan_name: row.scheduled_plan ? planById(row.scheduled_plan).name : null,
            card_last4: row.card_last4,
            payment_failed: row.payment_failed,
          }
        : null,
      invoices: invoices.map((invoice) => ({
        id: invoice.id,
        date: invoice.created_at.toISOString(),
        total_cents: invoice.total_cents,
        vat_cents: invoice.tax_cents,
        status: invoice.status,
      })),
      prices_include_vat: vat.pricesIncludeVat,
      vat_rate: vat.rate,
    };
  };

  /**
   * Asks the provider: true once done. A provider that fails answers 502 in Italian, logged by its
   * kind only; a charge the bank refused is the customer's to fix, "declined".
   */
  const atProvider = async (work: () => Promise<unknown>): Promise<boolean | "declined"> => {
    try {
      await work();
      return true;
    } catch (error) {
      if (error instanceof PaymentDeclinedError) return "declined";
      log.error({ kind: errorKind(error) }, "Operazione sull'abbonamento non riuscita presso il fornitore");
      return false;
    }
  };

  app.get(API_PATHS.billingSubscription, access.signedIn, async (c) => c.json(await describe(c.get("user").id)));

  app.post(API_PATHS.billingCancel, access.signedIn, async (c) => {
    const user = c.get("user");
    const row = await running(user.id);
    if (!row) return c.json({ error: subscriptionMessages.noSubscription }, 409);
    if (row.cancel_at_period_end) return c.json({ error: subscriptionMessages.alreadyCancelled }, 409);
    if ((await atProvider(() => provider.subscriptions.cancelAtPeriodEnd(row.provider_subscription_id))) !== true)
      return c.json({ error: subscriptionMessages.providerFailed }, 502);
    return c.json(await describe(user.id));
  });

  app.post(API_PATHS.billingReactivate, access.signedIn, async (c) => {
    const user = c.get("user");
    const row = await running(user.id);
    if (!row) return c.json({ error: subscriptionMessages.noSubscription }, 409);
    if (!row.cancel_at_period_end) return c.json({ error: subscriptionMessages.notCancelled }, 409);
    if ((await atProvider(() => provider.subscriptions.reactivate(row.provider_subscription_id))) !== true)
      return c.json({ error: subscriptionMessages.providerFailed }, 502);
    return c.json(await describe(user.id));
  });

  app.post(API_PATHS.billingCancelChange, access.signedIn, async (c) => {
    const user = c.get("user");
    const row = await running(user.id);
    if (!row) return c.json({ error: subscriptionMessages.noSubscription }, 409);
    if (!row.scheduled_plan) return c.json({ error: subscriptionMessages.noScheduledChange }, 409);
    if ((await atProvider(() => provider.subscriptions.cancelScheduledChange(row.provider_subscription_id))) !== true)
      return c.json({ error: subscriptionMessages.providerFailed }, 502);
    return c.json(await describe(user.id));
  });

  /** The change asked for, judged: an upgrade now, a downgrade at the period's end, or a refusal. */
  const judge = async (userId: string, plan: PlanId) => {
    if (!PAID_PLANS.includes(plan)) return { refusal: { error: subscriptionMessages.paidPlansOnly }, status: 400 as const };
    const row = await running(userId);
    if (!row) return { refusal: { error: subscriptionMessages.noSubscription }, status: 409 as const };
    const target = planById(plan);
    if (target.id === row.plan) return { refusal: { error: planMessages.alreadyOnPlan(target.name) }, status: 409 as const };
    const kind = planRank(target.id) > planRank(row.plan) ? ("upgrade" as const) : ("downgrade" as const);
    // spec 000: Business has no downgrade, whatever page asks.
    if (kind === "downgrade" && row.plan === "business") return { refusal: { error: planMessages.noDowngrade }, status: 409 as const };
    return { row, target, kind };
  };

  /** The plan asked for; a body that names none is refused as an unknown plan. */
  const planChange = jsonBody(planChangeRequestSchema, billingMessages.invalidPlan);

  app.post(API_PATHS.billingChangePreview, access.signedIn, jsonOnly, planChange, async (c) => {
    const verdict = await judge(c.get("user").id, c.req.valid("json").plan);
    if ("refusal" in verdict) return c.json(verdict.refusal, verdict.status);
    const { row, target, kind } = verdict;
    let amountDue = 0;
    if (kind === "upgrade") {
      const ok = await atProvider(async () => {
        amountDue = (await provider.subscriptions.previewUpgrade(row.provider_subscription_id, target)).amountDueCents;
      });
      if (ok !== true) return c.json({ error: subscriptionMessages.providerFailed }, 502);
    }
    const preview: PlanChangePreview = {
      plan: target.id,
      kind,
      amount_due_today_cents: amountDue,
      then_monthly_cents: chargedCents(target.price ?? 0, vat),
      effective_at: kind === "downgrade" ? (row.current_period_end?.toISOString() ?? null) : null,
    };
    return c.json(preview);
  });

  app.post(API_PATHS.billingChange, access.signedIn, jsonOnly, planChange, async (c) => {
    const user = c.get("user");
    const verdict = await judge(user.id, c.req.valid("json").plan);
    if ("refusal" in verdict) return c.json(verdict.refusal, verdict.status);
    const { row, target, kind } = verdict;
    const ok = await atProvider(() =>
      kind === "upgrade"
        ? provider.subscriptions.upgrade(row.provider_subscription_id, target, user.id)
        : provider.subscriptions.scheduleDowngrade(row.provider_subscription_id, target, user.id),
    );
    // 402, as the card's own refusal: the plan is unchanged, and the page offers another card.
    if (ok === "declined")
      return c.json({ error: subscriptionMessages.upgradeDeclined(planById(row.plan).name), action: "update_payment_method" }, 402);
    if (!ok) return c.json({ error: subscriptionMessages.providerFailed }, 502);
    return c.json(await describe(user.id));
  });

  app.post(API_PATHS.billingPaymentMethod, access.signedIn, async (c) => {
    const row = await running(c.get("user").id);
    if (!row) return c.json({ error: subscriptionMessages.noSubscription }, 409);
    let url = "";
    const ok = await atProvider(async () => {
      url = await provider.subscriptions.paymentMethodUpdateUrl({
        subscriptionId: row.provider_subscription_id,
        customerId: row.provider_customer_id,
        returnUrl: `${origin}/account`,
      });
    });
    if (ok !== true) return c.json({ error: subscriptionMessages.providerFailed }, 502);
    return c.json({ url });
  });

  app.get(API_PATHS.billingInvoicePdf, access.signedIn, async (c) => {
    const user = c.get("user");
    const id = c.req.param("id");
    const [invoice] = /^in_[A-Za-z0-9_]{1,200}$/.test(id)
      ? await db.query<{ id: string }>("SELECT id FROM invoices WHERE id = $1 AND user_id = $2", [id, user.id])
      : [];
    if (!invoice) return c.json({ error: subscriptionMessages.invoiceNotFound }, 404);
    const got = await provider.subscriptions.invoicePdf(invoice.id).catch((error: unknown) => {
      log.error({ kind: errorKind(error) }, "Fattura non ottenuta dal fornitore");
      return null;
    });
    if (!got) return c.json({ error: subscriptionMessages.providerFailed }, 502);
    if ("url" in got) return c.redirect(got.url, 302);
    return c.body(got.pdf.slice().buffer as ArrayBuffer, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="oystar-fattura-${invoice.id}.pdf"`,
    });
  });

  return app;
}
