import { z } from "./zod";

// spec 000 §3, §9.
export const planIdSchema = z.enum(["free", "base", "pro", "business", "enterprise"]);
export type PlanId = z.infer<typeof planIdSchema>;

export { UNLIMITED } from "../unlimited";

export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  /** Euro per month; null means "on request". */
  price: z.number().nullable(),
  description: z.string(),
  queries_limit: z.number().int(),
  debates_limit: z.number().int(),
  rag_enabled: z.boolean(),
  rag_indices_limit: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;

export const plansResponseSchema = z.object({ plans: z.array(planSchema) });
export type PlansResponse = z.infer<typeof plansResponseSchema>;
