import { useLoad } from "@oystar/api-client/react";
import { useApiClient } from "@oystar/auth/react";
import { DEFAULT_VAT, type VatSettings } from "@oystar/plans-and-gates";

/**
 * Issue 51 §3: how the list prices are meant (PRICES_INCLUDE_VAT, VAT_RATE), from GET
 * /api/seller, for the upsells and the quota card. While it is read, or if it cannot be, the
 * default: VAT included.
 */
export function usePriceVat(): VatSettings {
  const api = useApiClient();
  const seller = useLoad(() => api.call("seller"), [api]);
  return seller.data ? { pricesIncludeVat: seller.data.prices_include_vat, rate: seller.data.vat_rate } : DEFAULT_VAT;
}
