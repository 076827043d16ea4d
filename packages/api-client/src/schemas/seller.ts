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
});
export type Seller = z.infer<typeof sellerSchema>;
