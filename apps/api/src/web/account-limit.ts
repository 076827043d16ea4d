import type { Context, MiddlewareHandler } from "hono";
import type { SignedInVariables } from "../auth/access";
import type { Queryable } from "../db/database";
import { webMessages } from "./messages";

// issue 22 item 4: what a signed-in account may do how often (a form sent; issue 33 §2: a judge
// run, a vote on a debate). Unlike the
// per-address limit of public forms (rate-limit.ts, in this process), the count is kept in the
// database: it holds across every server on it, and an account cannot spread its requests over
// them. A fixed window per account and action, counted by one atomic statement.

export type AccountLimit = {
  /** What is counted, e.g. the form's name. */
  action: string;
  /** How many attempts a window allows. */
  limit: number;
  windowSeconds: number;
  /** What the account reads past its limit; the forms' words when absent. */
  tooMany?: (retryAfterSeconds: number) => string;
};

/**
 * Counts one attempt and says how many the window holds with it, and in how many seconds the
 * window ends. Two servers counting at once queue on the row: no attempt is lost or counted twice.
 */
export async function countAttempt(db: Queryable, userId: string, { action, windowSeconds }: AccountLimit): Promise<{ attempts: number; retryAfterSeconds: number }> {
  const [row] = await db.query<{ attempts: number; retry_after: number }>(
    `INSERT INTO account_action_windows AS w (user_id, action, window_start, attempts) VALUES ($1, $2, now(), 1)
     ON CONFLICT (user_id, action) DO UPDATE SET
       window_start = CASE WHEN w.window_start + make_interval(secs => $3) <= now() THEN now() ELSE w.window_start END,
       attempts = CASE WHEN w.window_start + make_interval(secs => $3) <= now() THEN 1 ELSE least(w.attempts + 1, 1000000) END
     RETURNING attempts, greatest(1, ceil(extract(epoch FROM w.window_start + make_interval(secs => $3) - now())))::int AS retry_after`,
    [userId, action, windowSeconds],
  );
  if (!row) throw new Error("attempt not counted");
  return { attempts: row.attempts, retryAfterSeconds: row.retry_after };
}

/**
 * A route middleware, after the signed-in policy: past its limit the account gets a 429 with
 * Retry-After and an Italian message until its window ends. Every attempt counts, refused ones
 * too: a script sending bad forms is held back as well.
 */
export function perAccountLimit(db: Queryable, limit: AccountLimit): MiddlewareHandler<{ Variables: SignedInVariables }> {
  return async (c, next) => {
    const refused = await pastAccountLimit(c, db, c.get("user").id, limit);
    if (refused) return refused;
    await next();
  };
}

/**
 * The same count where a route decides itself what is counted (a judge's run among a debate's
 * calls, a vote within a feedback): the 429 to answer past the limit, null within it.
 */
export async function pastAccountLimit(c: Context, db: Queryable, userId: string, limit: AccountLimit): Promise<Response | null> {
  const { attempts, retryAfterSeconds } = await countAttempt(db, userId, limit);
  if (attempts <= limit.limit) return null;
  c.header("Retry-After", String(retryAfterSeconds));
  return c.json({ error: (limit.tooMany ?? webMessages.tooManyFromAccount)(retryAfterSeconds) }, 429);
}
