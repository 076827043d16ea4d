import { z } from "./zod";

/**
 * Issue 51 §6, GET /api/seller: who sells OYSTAR and who controls its data, as the operator
 * configured them; `missing` names the variables not set yet (development only: production
 * refuses to start without them).
 */
export const sellerSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  vat_number: z.string().nullable(),
  privacy_contact_email: z.string().nullable(),
  dpo_contact: z.string().nullable(),
  missing: z.array(z.string()),
  /** Issue 51 §5: whether the list prices include VAT, and its rate (PRICES_INCLUDE_VAT, VAT_RATE). */
  prices_include_vat: z.boolean(),
  vat_rate: z.number(),
});
export type Seller = z.infer<typeof sellerSchema>;
