import {
  API_PATHS,
  apiPath,
  HttpError,
  type ApiClient,
  type BillingSubscription,
  type PlanChangePreview,
  type PlanId,
} from "@oystar/api-client";
import { DEFAULT_VAT, formatMonthlyPrice, formatPrice } from "@oystar/plans-and-gates";

// Issue 51 §1: the calls of 'Abbonamento' and 'Fatture'. No React: the section binds them.

export const readSubscription = (api: ApiClient): Promise<BillingSubscription> => api.call("billingSubscription");

export const cancelSubscription = (api: ApiClient) => api.call("billingCancel", { body: {} });

export const reactivateSubscription = (api: ApiClient) => api.call("billingReactivate", { body: {} });

export const cancelScheduledChange = (api: ApiClient) => api.call("billingCancelChange", { body: {} });

export const previewChange = (api: ApiClient, plan: PlanId): Promise<PlanChangePreview> =>
  api.call("billingChangePreview", { body: { plan } });

export const changePlan = (api: ApiClient, plan: PlanId) => api.call("billingChange", { body: { plan } });

/** The provider's page where the customer gives another card. */
export const paymentMethodPage = async (api: ApiClient): Promise<string> => (await api.call("billingPaymentMethod", { body: {} })).url;

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
