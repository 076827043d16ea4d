import type { Queryable } from "../db/database";
import type { VerifiedToken } from "../auth/token-verifier";
import { CLAIM_NAMESPACE } from "../dev-idp/tokens";

export type User = {
  id: string;
  sub: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  plan: "free" | "base" | "pro" | "business" | "enterprise";
  emailVerified: boolean;
};

/** The identity claims of a verified token: Auth0's namespaced ones, or the standard names. */
export function profileOf(token: VerifiedToken) {
  const claim = (name: string) => token[`${CLAIM_NAMESPACE}${name}`] ?? token[name];
  const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);
  return {
    sub: token.sub,
    email: text(claim("email"))?.toLowerCase() ?? null,
    emailVerified: claim("email_verified") === true,
    name: text(claim("name")),
    picture: text(claim("picture")),
  };
}

/**
 * Automatic registration (spec 000 §1): the first authenticated call creates the account on the
 * free plan, later calls refresh the profile. One statement, so concurrent first calls are safe.
 * Accounts seeded in the built-in provider start on their seeded plan.
 */
export async function ensureUser(db: Queryable, token: VerifiedToken): Promise<User> {
  const profile = profileOf(token);
  const [row] = await db.query<{ id: string; sub: string; email: string | null; name: string | null; picture: string | null; plan: User["plan"] }>(
    `INSERT INTO users (sub, email, name, picture, plan)
     VALUES ($1, $2, $3, $4, COALESCE((SELECT plan FROM idp_accounts WHERE sub = $1), 'free'))
     ON CONFLICT (sub) DO UPDATE SET
       email = COALESCE(EXCLUDED.email, users.email),
       name = COALESCE(EXCLUDED.name, users.name),
       picture = COALESCE(EXCLUDED.picture, users.picture),
       updated_at = now()
     RETURNING id::text, sub, email, name, picture, plan`,
    [profile.sub, profile.email, profile.name, profile.picture],
  );
  if (!row) throw new Error("user not stored");
  return { ...row, emailVerified: profile.emailVerified };
}

/** Admin comes from ADMIN_EMAILS and a verified email, never from the browser. */
export function isAdmin(user: User, adminEmails: readonly string[]): boolean {
  return user.emailVerified && user.email !== null && adminEmails.includes(user.email);
}
