import {
  API_PATHS,
  apiPath,
  HttpError,
  billingSubscriptionSchema,
  paymentMethodPageSchema,
  planChangePreviewSchema,
  type ApiClient,
  type BillingSubscription,
  type PlanChangePreview,
  type PlanId,
} from "@oystar/api-client";
import { DEFAULT_VAT, formatMonthlyPrice, formatPrice } from "@oystar/plans-and-gates";

// Issue 51 §1: the calls of 'Abbonamento' and 'Fatture'. No React: the section binds them.

export const readSubscription = (api: ApiClient): Promise<BillingSubscription> =>
  api.get(API_PATHS.billingSubscription, billingSubscriptionSchema);

export const cancelSubscription = (api: ApiClient) => api.post(API_PATHS.billingCancel, {}, billingSubscriptionSchema);

export const reactivateSubscription = (api: ApiClient) => api.post(API_PATHS.billingReactivate, {}, billingSubscriptionSchema);

export const cancelScheduledChange = (api: ApiClient) => api.post(API_PATHS.billingCancelChange, {}, billingSubscriptionSchema);

export const previewChange = (api: ApiClient, plan: PlanId): Promise<PlanChangePreview> =>
  api.post(API_PATHS.billingChangePreview, { plan }, planChangePreviewSchema);

export const changePlan = (api: ApiClient, plan: PlanId) => api.post(API_PATHS.billingChange, { plan }, billingSubscriptionSchema);

/** The provider's page where the customer gives another card. */
export const paymentMethodPage = async (api: ApiClient): Promise<string> =>
  (await api.post(API_PATHS.billingPaymentMethod, {}, paymentMethodPageSchema)).url;

export async function fetchInvoicePdf(api: ApiClient, id: string): Promise<{ file: Blob; name: string }> {
  const response = await api.raw(apiPath(API_PATHS.billingInvoicePdf, { id }), { method: "GET" });
  return { file: await response.blob(), name: `oystar-fattura-${id}.pdf` };
}

/**
 * The server's 402 for a change of plan whose charge the card's bank refused: the plan is
 * unchanged, and the customer is offered 'Aggiorna il metodo di pagamento'.
 */
export const paymentDeclined = (failure: unknown) =>
  failure instanceof HttpError && (failure.body as { action?: unknown } | null)?.action === "update_payment_method";

/** "29,99 €", as the plans page writes prices: an invoice's amounts, beside their VAT. */
export const euro = (cents: number) => formatPrice(cents / 100);

/**
 * "29,99 € al mese, IVA inclusa" (issue 51 §3): a monthly amount the subscription charges. What
 * is charged always has the VAT in it, whatever PRICES_INCLUDE_VAT says of the list prices.
 */
export const monthlyCharge = (cents: number) => formatMonthlyPrice(cents / 100, { ...DEFAULT_VAT, pricesIncludeVat: true });

/** "7 gennaio 2027", in Italy's time. */
export const italianDate = (iso: string) =>
  new Date(iso).toLocaleDateString("it-IT", { timeZone: "Europe/Rome", day: "numeric", month: "long", year: "numeric" });
