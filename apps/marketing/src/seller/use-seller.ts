import { API_PATHS, type Seller } from "@oystar/api-client";
import { DEFAULT_VAT, type VatSettings } from "@oystar/plans-and-gates";
import { useEffect, useState } from "react";

const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);

/**
 * The answer read by hand, not with the api-client's zod schema: the footer is on every public
 * page's first load, which stays without zod (issue 15).
 */
function sellerOf(json: unknown): Seller | null {
  if (typeof json !== "object" || json === null) return null;
  const answer = json as Record<string, unknown>;
  return {
    name: text(answer.name),
    address: text(answer.address),
    vat_number: text(answer.vat_number),
    privacy_contact_email: text(answer.privacy_contact_email),
    dpo_contact: text(answer.dpo_contact),
    missing: Array.isArray(answer.missing) ? answer.missing.filter((name): name is string => typeof name === "string") : [],
    prices_include_vat: answer.prices_include_vat !== false,
    vat_rate: typeof answer.vat_rate === "number" ? answer.vat_rate : 22,
  };
}

let asked: Promise<Seller | null> | null = null;

/** GET /api/seller, once per page load (public: no sign-in needed). */
export function loadSeller(): Promise<Seller | null> {
  asked ??= fetch(API_PATHS.seller)
    .then(async (response) => (response.ok ? sellerOf(await response.json()) : null))
    .catch(() => null);
  return asked;
}

/** For tests: the next call asks the server again. */
export const forgetSeller = () => {
  asked = null;
};

/**
 * Issue 51 §6: the seller and controller as configured; null until read (prerendered pages are
 * drawn without them, and fill them in once the page runs).
 */
export function useSeller(): Seller | null {
  const [seller, setSeller] = useState<Seller | null>(null);
  useEffect(() => {
    let live = true;
    void loadSeller().then((answer) => live && setSeller(answer));
    return () => {
      live = false;
    };
  }, []);
  return seller;
}

/**
 * Issue 51 §3: how the prices are meant (PRICES_INCLUDE_VAT, VAT_RATE). Until the server has
 * answered — and in the prerendered HTML — the default, VAT included, which is what most
 * deployments configure, so the prices rarely change once the page runs.
 */
export function usePriceVat(): VatSettings {
  const seller = useSeller();
  return seller ? { pricesIncludeVat: seller.prices_include_vat, rate: seller.vat_rate } : DEFAULT_VAT;
}
