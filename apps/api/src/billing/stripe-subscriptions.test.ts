import { planById } from "@oystar/plans-and-gates";
import Stripe from "stripe";
import { expect, test } from "vitest";
import { PaymentDeclinedError, stripeSubscriptions } from "./subscription-provider";

// Issue 51: each operation of 'Abbonamento' as the Stripe SDK sends it. Stripe is a third party we
// cannot run here: the real SDK is given a fetch that records its requests and answers with
// objects typed as the SDK's own (a type error here is a shape Stripe would not send).
type Sent = { method: string; path: string; form: URLSearchParams };

const item = {
  id: "si_1",
  object: "subscription_item",
  current_period_start: 1_800_000_000,
  current_period_end: 1_802_592_000,
  price: { id: "price_pro", object: "price", product: "prod_oystar", unit_amount: 2999 },
} satisfies Partial<Omit<Stripe.SubscriptionItem, "price">> & { price: Partial<Stripe.Price> };

const subscription = {
  id: "sub_1",
  object: "subscription",
  status: "active",
  cancel_at_period_end: false,
  schedule: null as string | null,
  metadata: { user_id: "7", plan: "pro" },
  items: { object: "list", data: [item as unknown as Stripe.SubscriptionItem], has_more: false, url: "/v1/subscription_items" },
} satisfies Partial<Stripe.Subscription>;

const preview = { object: "invoice", amount_due: 6998 } satisfies Partial<Stripe.Invoice>;
const invoice = {
  id: "in_1",
  object: "invoice",
  invoice_pdf: "https://pay.stripe.com/invoice/acct_1/in_1/pdf",
} satisfies Partial<Stripe.Invoice>;
const portal = {
  id: "bps_1",
  object: "billing_portal.session",
  url: "https://billing.stripe.com/p/session/test_1",
} satisfies Partial<Stripe.BillingPortal.Session>;
const schedule = { id: "sub_sched_1", object: "subscription_schedule" } satisfies Partial<Stripe.SubscriptionSchedule>;

/** `failing` answers some requests as Stripe fails them (status and error body), the rest as usual. */
function recordingStripe(failing?: (request: Sent) => { status: number; error: Record<string, unknown> } | undefined) {
  const sent: Sent[] = [];
  const fetchFn = async (url: string | URL | Request, init?: RequestInit) => {
    const address = new URL(String(url));
    const form = new URLSearchParams(typeof init?.body === "string" ? init.body : address.search);
    const request = { method: init?.method ?? "GET", path: address.pathname, form };
    sent.push(request);
    const failure = failing?.(request);
    if (failure)
      return new Response(JSON.stringify({ error: failure.error }), {
        status: failure.status,
        headers: { "Content-Type": "application/json" },
      });
    const answer = address.pathname.startsWith("/v1/invoices/create_preview")
      ? preview
      : address.pathname.startsWith("/v1/invoices/")
        ? invoice
        : address.pathname.startsWith("/v1/billing_portal")
          ? portal
          : address.pathname.startsWith("/v1/subscription_schedules")
            ? schedule
            : subscription;
    return new Response(JSON.stringify(answer), { status: 200, headers: { "Content-Type": "application/json" } });
  };
  const stripe = new Stripe("sk_test_registra", {
    httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch),
    maxNetworkRetries: 0,
  });
  return { stripe, sent };
}

const NOW = 1_801_000_000;
const posts = (sent: Sent[]) => sent.filter((request) => request.method === "POST");

test("Disdici: cancel_at_period_end on the running subscription; Riattiva withdraws it", async () => {
  const { stripe, sent } = recordingStripe();
  const operations = stripeSubscriptions(stripe, () => NOW);
  await operations.cancelAtPeriodEnd("sub_1");
  await operations.reactivate("sub_1");
  expect(posts(sent).map((request) => [request.path, request.form.get("cancel_at_period_end")])).toEqual([
    ["/v1/subscriptions/sub_1", "true"],
    ["/v1/subscriptions/sub_1", "false"],
  ]);
});

test("an upgrade previews and updates the same subscription's item with proration, never a second checkout", async () => {
  const { stripe, sent } = recordingStripe();
  const operations = stripeSubscriptions(stripe, () => NOW);
  expect(await operations.previewUpgrade("sub_1", planById("business"))).toEqual({ amountDueCents: 6998 });
  const previewed = posts(sent).find((request) => request.path === "/v1/invoices/create_preview");
  expect(previewed?.form.get("subscription")).toBe("sub_1");
  expect(previewed?.form.get("subscription_details[items][0][id]")).toBe("si_1");
  expect(previewed?.form.get("subscription_details[items][0][price_data][unit_amount]")).toBe("9999");
  expect(previewed?.form.get("subscription_details[proration_behavior]")).toBe("always_invoice");
  expect(previewed?.form.get("subscription_details[proration_date]")).toBe(String(NOW));

  sent.length = 0;
  await operations.upgrade("sub_1", planById("business"), "7");
  const [update] = posts(sent);
  expect(update?.path).toBe("/v1/subscriptions/sub_1");
  expect(update?.form.get("items[0][id]")).toBe("si_1");
  expect(update?.form.get("items[0][price_data][product]")).toBe("prod_oystar");
  expect(update?.form.get("items[0][price_data][unit_amount]")).toBe("9999");
  expect(update?.form.get("proration_behavior")).toBe("always_invoice");
  // PRICES_INCLUDE_VAT (default true): Stripe reads the price as VAT included.
  expect(update?.form.get("items[0][price_data][tax_behavior]")).toBe("inclusive");
  expect(update?.form.get("proration_date")).toBe(String(NOW));
  expect(update?.form.get("metadata[plan]")).toBe("business");
  expect(sent.some((request) => request.path.startsWith("/v1/checkout"))).toBe(false);
});

// Issue 51: with error_if_incomplete, Stripe refuses an upgrade whose proration the bank declines:
// 402 and a card_error, the subscription left as it was.
const upgradeUpdate = (request: Sent) =>
  request.method === "POST" && request.path === "/v1/subscriptions/sub_1" && request.form.has("items[0][id]");
const cardDeclined = {
  type: "card_error",
  code: "card_declined",
  decline_code: "insufficient_funds",
  message: "Your card has insufficient funds.",
} satisfies Partial<Stripe.StripeRawError>;

test("an upgrade whose payment the card's bank declines is a PaymentDeclinedError; other failures stay what they are", async () => {
  const declined = recordingStripe((request) => (upgradeUpdate(request) ? { status: 402, error: cardDeclined } : undefined));
  await expect(stripeSubscriptions(declined.stripe, () => NOW).upgrade("sub_1", planById("business"), "7")).rejects.toBeInstanceOf(
    PaymentDeclinedError,
  );
  expect(posts(declined.sent).filter(upgradeUpdate)).toHaveLength(1);

  const down = recordingStripe((request) =>
    upgradeUpdate(request) ? { status: 500, error: { type: "api_error", message: "Something went wrong." } } : undefined,
  );
  const failure = await stripeSubscriptions(down.stripe, () => NOW)
    .upgrade("sub_1", planById("business"), "7")
    .catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(Stripe.errors.StripeAPIError);
});

test("a downgrade is a schedule: this plan to the period's end, then the cheaper one", async () => {
  const { stripe, sent } = recordingStripe();
  await stripeSubscriptions(stripe, () => NOW).scheduleDowngrade("sub_1", planById("base"), "7");
  const [created, updated, marked] = posts(sent);
  expect(created?.path).toBe("/v1/subscription_schedules");
  expect(created?.form.get("from_subscription")).toBe("sub_1");
  expect(updated?.path).toBe("/v1/subscription_schedules/sub_sched_1");
  expect(updated?.form.get("phases[0][items][0][price]")).toBe("price_pro");
  expect(updated?.form.get("phases[0][end_date]")).toBe(String(item.current_period_end));
  expect(updated?.form.get("phases[1][items][0][price_data][unit_amount]")).toBe("999");
  expect(updated?.form.get("phases[1][metadata][plan]")).toBe("base");
  expect(updated?.form.get("end_behavior")).toBe("release");
  expect(marked?.path).toBe("/v1/subscriptions/sub_1");
  expect(marked?.form.get("metadata[scheduled_plan]")).toBe("base");
});

test("withdrawing a scheduled downgrade releases the schedule and clears the mark", async () => {
  const { stripe, sent } = recordingStripe();
  subscription.schedule = "sub_sched_1";
  await stripeSubscriptions(stripe).cancelScheduledChange("sub_1");
  subscription.schedule = null;
  const [released, cleared] = posts(sent);
  expect(released?.path).toBe("/v1/subscription_schedules/sub_sched_1/release");
  expect(cleared?.path).toBe("/v1/subscriptions/sub_1");
  expect(cleared?.form.get("metadata[scheduled_plan]")).toBe("");
});

test("an invoice's PDF is Stripe's own", async () => {
  const { stripe } = recordingStripe();
  expect(await stripeSubscriptions(stripe).invoicePdf("in_1")).toEqual({ url: invoice.invoice_pdf });
});

test("'Aggiorna il metodo di pagamento' opens Stripe's customer portal on its card update", async () => {
  const { stripe, sent } = recordingStripe();
  const url = await stripeSubscriptions(stripe).paymentMethodUpdateUrl({
    subscriptionId: "sub_1",
    customerId: "cus_1",
    returnUrl: "https://oystar.it/account",
  });
  expect(url).toBe(portal.url);
  const [created] = posts(sent);
  expect(created?.path).toBe("/v1/billing_portal/sessions");
  expect(created?.form.get("customer")).toBe("cus_1");
  expect(created?.form.get("return_url")).toBe("https://oystar.it/account");
  expect(created?.form.get("flow_data[type]")).toBe("payment_method_update");
});
