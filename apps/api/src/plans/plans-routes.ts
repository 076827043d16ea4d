import { API_PATHS } from "@oystar/api-client";
import type { SubscriptionStatus } from "@oystar/api-client";
import { planById, PLANS, publicPlan, quotaResetAt } from "@oystar/plans-and-gates";
import { Hono } from "hono";
import type { Access } from "../auth/access";
import type { Database } from "../db/database";
import { usageOf } from "./quota";

/** GET /api/plans (public). */
export function publicPlanRoutes(access: Access) {
  return new Hono().get(API_PATHS.plans, access.public, (c) => c.json({ plans: PLANS.map(publicPlan) }));
}

/** GET /api/subscription/status (signed-in). */
export function subscriptionRoutes(access: Access, db: Database) {
  const app = new Hono();

  app.get(API_PATHS.subscriptionStatus, access.signedIn, async (c) => {
    const user = c.get("user");
    const now = new Date();
    const plan = planById(user.plan);
    const usage = await usageOf(db, user, now);
    const status: SubscriptionStatus = {
      plan: plan.id,
      plan_name: plan.name,
      queries_used: usage.queries_used,
      queries_limit: plan.queries_limit,
      debates_used: usage.debates_used,
      debates_limit: plan.debates_limit,
      rag_enabled: plan.rag_enabled,
      rag_indices_limit: plan.rag_indices_limit,
      period_end: quotaResetAt(now).toISOString(),
    };
    return c.json(status);
  });

  return app;
}
