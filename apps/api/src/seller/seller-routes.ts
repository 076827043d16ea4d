import { API_PATHS, type Seller } from "@oystar/api-client";
import { Hono } from "hono";
import type { Access } from "../auth/access";
import { missingSellerVariables, type Env } from "../env";

/** GET /api/seller (public), issue 51 §6: the seller and the data controller, as configured. */
export function sellerRoutes(access: Access, seller: Env["seller"], vat: Env["vat"]) {
  const answer: Seller = {
    name: seller.name,
    address: seller.address,
    vat_number: seller.vatNumber,
    privacy_contact_email: seller.privacyContactEmail,
    dpo_contact: seller.dpoContact,
    missing: missingSellerVariables(seller),
    prices_include_vat: vat.pricesIncludeVat,
    vat_rate: vat.rate,
  };
  return new Hono().get(API_PATHS.seller, access.public, (c) => c.json(answer));
}
