import { z } from "./zod";
import { planIdSchema } from "./plans";

// spec 000 §3: the status may arrive nested in a `data` wrapper.
export const subscriptionStatusSchema = z.object({
  plan: planIdSchema,
  plan_name: z.string(),
  queries_used: z.number().int(),
  queries_limit: z.number().int(),
  debates_used: z.number().int(),
  debates_limit: z.number().int(),
  rag_enabled: z.boolean(),
  rag_indices_limit: z.number().int().optional(),
  /** When the monthly counters reset (ISO date). */
  period_end: z.string().optional(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Accepts the status itself or `{data: status}`. */
export const subscriptionStatusResponseSchema = z
  .union([z.object({ data: subscriptionStatusSchema }), subscriptionStatusSchema])
  .transform((value) => ("data" in value ? value.data : value));
