import { z } from "./zod";
import { planIdSchema } from "./plans";

// Issue 51: 'Abbonamento' and 'Fatture' in 'Il mio account'.

/** POST change-preview and change: the plan to move to. */
export const planChangeRequestSchema = z.strictObject({ plan: planIdSchema });
export type PlanChangeRequest = z.infer<typeof planChangeRequestSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  date: z.string(),
  total_cents: z.number().int(),
  vat_cents: z.number().int(),
  status: z.enum(["paid", "open"]),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const billingSubscriptionSchema = z.object({
  subscription: z
    .object({
      plan: planIdSchema,
      plan_name: z.string(),
      price_cents: z.number().int(),
      status: z.string(),
      current_period_end: z.string().nullable(),
      cancel_at_period_end: z.boolean(),
      scheduled_plan: planIdSchema.nullable(),
      scheduled_plan_name: z.string().nullable(),
      card_last4: z.string().nullable(),
      payment_failed: z.boolean(),
    })
    .nullable(),
  invoices: z.array(invoiceSchema),
  prices_include_vat: z.boolean(),
  vat_rate: z.number(),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

export const planChangePreviewSchema = z.object({
  plan: planIdSchema,
  kind: z.enum(["upgrade", "downgrade"]),
  amount_due_today_cents: z.number().int(),
  then_monthly_cents: z.number().int(),
  effective_at: z.string().nullable(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

/** POST payment-method: the provider's page where the customer gives another card. */
export const paymentMethodPageSchema = z.object({ url: z.string().url() });
