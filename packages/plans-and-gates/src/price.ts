import { planMessages } from "./messages";

/**
 * Issue 51 §3: how list prices are meant — PRICES_INCLUDE_VAT (default true) and VAT_RATE
 * (default 22), as the server is configured (GET /api/seller says it to the pages).
 */
export type VatSettings = { pricesIncludeVat: boolean; rate: number };

export const DEFAULT_VAT: VatSettings = { pricesIncludeVat: true, rate: 22 };

/** "9,99 €" in Italian format, 'Su richiesta' for a null price. */
export function formatPrice(price: number | null): string {
  if (price === null) return planMessages.onRequest;
  return `${price.toFixed(2).replace(".", ",")} €`;
}

/** "al mese, IVA inclusa": what follows every monthly price the product shows. */
export const perMonthWithVat = (vat: VatSettings = DEFAULT_VAT): string =>
  vat.pricesIncludeVat ? planMessages.perMonthVatIncluded : planMessages.perMonthVatExcluded(vat.rate);

/**
 * "99,99 € al mese, IVA inclusa" (issue 51 §3): the one way a monthly price is written, on the
 * plans, the upsells, the account page and the checkout. 'Su richiesta' for a null price.
 */
export function formatMonthlyPrice(price: number | null, vat: VatSettings = DEFAULT_VAT): string {
  return price === null ? formatPrice(price) : `${formatPrice(price)} ${perMonthWithVat(vat)}`;
}
