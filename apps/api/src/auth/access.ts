import type { PlanId } from "@oystar/api-client";
import { planRank } from "@oystar/plans-and-gates";
import type { Context, MiddlewareHandler } from "hono";
import { DeletedAccountError, ensureUser, isAdmin, type Profile, type User } from "../accounts/accounts";
import type { DeletedAccounts } from "../accounts/deleted-accounts";
import type { Database } from "../db/database";
import { profileOf } from "./claims";
import { accessMessages } from "./messages";
import type { TokenVerifier } from "./token-verifier";

export type SignedInVariables = { user: User };
export type SignedInContext = Context<{ Variables: SignedInVariables }>;

/**
 * Who may call a route (DESIGN.md §4), declared where the route is defined:
 *
 *   app.post("/api/settings", access.admin, handler)
 *
 * Each policy is a route middleware that remembers its name, so a test can walk every route of
 * the app and fail on one that declares none, and `pnpm --filter @oystar/api routes` can print
 * the table in the README.
 */
export type Access = {
  /** Anyone. */
  public: MiddlewareHandler;
  /** A valid bearer access token; the account is registered at the first call. */
  signedIn: MiddlewareHandler<{ Variables: SignedInVariables }>;
  /** Signed in, and an admin by the server's list of verified emails; `refusal` is what the 403 says. */
  admin(refusal?: (user: User) => string): MiddlewareHandler<{ Variables: SignedInVariables }>;
  /** Signed in on this plan or a higher one; `refusal` is what the 403 says. */
  plan(minimum: PlanId, refusal?: string): MiddlewareHandler<{ Variables: SignedInVariables }>;
};

const policyNames = new WeakMap<object, string>();

/** The policy a route handler declares, if it is one. */
export const policyOf = (handler: unknown): string | undefined => (typeof handler === "function" ? policyNames.get(handler) : undefined);

/** Marks a middleware as a policy; also for policies built elsewhere (e.g. "owner of the index"). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's middleware, whatever its context type
export function declarePolicy<H extends MiddlewareHandler<any>>(name: string, middleware: H): H {
  policyNames.set(middleware, name);
  return middleware;
}

export function createAccess(db: Database, verify: TokenVerifier, adminEmails: readonly string[], deleted?: DeletedAccounts): Access {
  // Issue 36 §8: a token issued before its account was deleted does not register it again.
  const admitNew = deleted ? async (profile: Profile) => !(await deleted.refuses(db, profile.sub, profile.issuedAt)) : undefined;
  const authenticate = async (c: SignedInContext): Promise<Response | null> => {
    const match = /^Bearer ([A-Za-z0-9\-_.]+)$/.exec(c.req.header("Authorization") ?? "");
    const token = match?.[1] ? await verify(match[1]).catch(() => null) : null;
    if (!token) {
      c.header("WWW-Authenticate", 'Bearer realm="oystar"');
      return c.json({ error: accessMessages.unauthenticated }, 401);
    }
    const account = await ensureUser(db, profileOf(token), admitNew).catch((error: unknown) => {
      if (error instanceof DeletedAccountError) return null;
      throw error;
    });
    if (!account) {
      c.header("WWW-Authenticate", 'Bearer realm="oystar", error="invalid_token"');
      return c.json({ error: accessMessages.accountDeleted }, 401);
    }
    // Decided once here; handlers read `user.isAdmin`.
    c.set("user", { ...account, isAdmin: isAdmin(account, adminEmails) });
    return null;
  };

  const signedInThen =
    (refusalFor?: (user: User) => string | null): MiddlewareHandler<{ Variables: SignedInVariables }> =>
    async (c, next) => {
      const refused = await authenticate(c);
      if (refused) return refused;
      const refusal = refusalFor?.(c.get("user"));
      if (refusal) return c.json({ error: refusal }, 403);
      // Never kept by a browser or a proxy, refusals included: web/personal-answers.ts.
      await next();
    };

  return {
    public: declarePolicy<MiddlewareHandler>("public", async (_c, next) => next()),
    signedIn: declarePolicy("signed-in", signedInThen()),
    admin: (refusal = () => accessMessages.adminOnly) =>
      declarePolicy(
        "admin",
        signedInThen((user) => (user.isAdmin ? null : refusal(user))),
      ),
    plan: (minimum, refusal = accessMessages.planAtLeast(minimum)) =>
      declarePolicy(
        `plan ≥ ${minimum}`,
        signedInThen((user) => (planRank(user.plan) >= planRank(minimum) ? null : refusal)),
      ),
  };
}
