import { isUnlimited, planById, quotaResetAt, usageMonth } from "@oystar/plans-and-gates";
import type { User } from "../accounts/accounts";
import type { Queryable } from "../db/database";
import { questions } from "../observe/metrics";

export type Usage = { queries_used: number; debates_used: number };
type Counter = "queries_used" | "debates_used";

export type Charge = { ok: true; usage: Usage } | { ok: false; usage: Usage; resetAt: Date };

/** Who is charged: the account, its plan, and whether it is an admin (never blocked). */
export type Payer = Pick<User, "id" | "plan" | "isAdmin">;

/**
 * Counts one query or debate for this month, atomically: the row is created or incremented in
 * one statement that only succeeds while the counter is under the plan's limit (DESIGN.md §4).
 * Unlimited plans and admins are never blocked, but still counted.
 */
export async function charge(db: Queryable, user: Payer, counter: Counter, now: Date = new Date()): Promise<Charge> {
  const month = usageMonth(now);
  const plan = planById(user.plan);
  const limit = counter === "queries_used" ? plan.queries_limit : plan.debates_limit;
  const unbounded = user.isAdmin || isUnlimited(limit);
  if (!unbounded && limit <= 0) return { ok: false, usage: await usageOf(db, user, now), resetAt: quotaResetAt(now) };
  const [row] = await db.query<Usage>(
    `INSERT INTO usage (user_id, month, ${counter}) VALUES ($1, $2, 1)
     ON CONFLICT (user_id, month) DO UPDATE SET ${counter} = usage.${counter} + 1
       WHERE $3::boolean OR usage.${counter} < $4
     RETURNING queries_used, debates_used`,
    [user.id, month, unbounded, limit],
  );
  if (row) {
    questions.inc({ counter, plan: user.plan, outcome: "charged" });
    return { ok: true, usage: row };
  }
  return { ok: false, usage: await usageOf(db, user, now), resetAt: quotaResetAt(now) };
}

/** Gives back a query that was never served (the model failed before its first token). */
export async function refund(db: Queryable, user: Payer, counter: Counter, now: Date = new Date()): Promise<void> {
  await db.query(`UPDATE usage SET ${counter} = greatest(${counter} - 1, 0) WHERE user_id = $1 AND month = $2`, [user.id, usageMonth(now)]);
  questions.inc({ counter, plan: user.plan, outcome: "refunded" });
}

export async function usageOf(db: Queryable, user: Pick<User, "id">, now: Date = new Date()): Promise<Usage> {
  const [row] = await db.query<Usage>("SELECT queries_used, debates_used FROM usage WHERE user_id = $1 AND month = $2", [
    user.id,
    usageMonth(now),
  ]);
  return row ?? { queries_used: 0, debates_used: 0 };
}

/**
 * One query counted on its own, in one statement: the rule question-batch.ts applies to many at
 * once. The chat's and RAG's questions are counted in batches (plans/question-charge.ts, issue 53
 * §4); this is the unbatched reference its tests hold the batches to.
 */
export const chargeQuery = (db: Queryable, user: Payer, now?: Date) => charge(db, user, "queries_used", now);
