import type { Context, MiddlewareHandler } from "hono";
import type { SignedInVariables } from "../auth/access";
import type { Queryable } from "../db/database";
import { countInWindow } from "./attempt-window";
import { webMessages } from "./messages";

// issue 22 item 4: what a signed-in account may do how often (a form sent; issue 33 §2: a judge
// run, a vote on a debate). Unlike the
// per-address limit of public forms (address-limit.ts), an account is known: the count is per
// account, whatever address it comes from. Both are kept in the database (attempt-window.ts): they
// hold across every server on it, and an account cannot spread its requests over them.

export type AccountLimit = {
  /** What is counted, e.g. the form's name. */
  action: string;
  /** How many attempts a window allows. */
  limit: number;
  windowSeconds: number;
  /** What the account reads past its limit; the forms' words when absent. */
  tooMany?: (retryAfterSeconds: number) => string;
};

/** Counts one attempt of the account's (web/attempt-window.ts). */
export function countAttempt(
  db: Queryable,
  userId: string,
  { action, windowSeconds }: AccountLimit,
): Promise<{ attempts: number; retryAfterSeconds: number }> {
  return countInWindow(db, "account", userId, action, windowSeconds);
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
