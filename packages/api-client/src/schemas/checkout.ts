import { z } from "./zod";
import { planIdSchema } from "./plans";

export const checkoutRequestSchema = z.strictObject({ plan: planIdSchema });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** spec 000 §5: the exact message when the backend gives no checkout URL. */
export const MISSING_CHECKOUT_URL = "URL checkout mancante nella risposta del backend";

export const checkoutSessionSchema = z.object({
  checkout_url: z.string({ error: MISSING_CHECKOUT_URL }).min(1, MISSING_CHECKOUT_URL),
  session_id: z.string(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export function parseCheckoutSession(json: unknown): CheckoutSession {
  const url = (json as { checkout_url?: unknown } | null)?.checkout_url;
  if (typeof url !== "string" || url.length === 0) throw new Error(MISSING_CHECKOUT_URL);
  return checkoutSessionSchema.parse(json);
}
