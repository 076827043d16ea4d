// Issue 51 §5: how every price is shown, charged and invoiced. PRICES_INCLUDE_VAT (default true)
// and VAT_RATE (default 22); Stripe Tax, if wanted, is the operator's to turn on at Stripe.
// The settings, and how a price is written with them, are the pages' own (@oystar/plans-and-gates).
import type { VatSettings } from "@oystar/plans-and-gates";

export { DEFAULT_VAT, type VatSettings } from "@oystar/plans-and-gates";

/** What a customer pays for a list price, in cents: the price itself when VAT is included. */
export const chargedCents = (price: number, vat: VatSettings) =>
  vat.pricesIncludeVat ? Math.round(price * 100) : Math.round(price * 100 * (1 + vat.rate / 100));

/** The VAT inside an amount charged, in cents. */
export const vatInside = (totalCents: number, vat: VatSettings) => Math.round((totalCents * vat.rate) / (100 + vat.rate));
