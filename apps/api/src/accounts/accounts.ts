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

type UserRow = Omit<User, "emailVerified">;

/**
 * Accounts read in the last two seconds, per database. The plan comes with the account, so the
 * window is short, and a plan change in this process (a billing event) forgets them at once;
 * another server on the same Postgres is at most two seconds behind.
 */
const RECENT_ACCOUNT_MS = 2000;
const RECENT_ACCOUNTS_KEPT = 10_000;
const recentByDatabase = new WeakMap<Queryable, Map<string, { row: UserRow; at: number }>>();

function recentAccounts(db: Queryable) {
  let recent = recentByDatabase.get(db);
  if (!recent) recentByDatabase.set(db, (recent = new Map()));
  return recent;
}

function remember(db: Queryable, row: UserRow, emailVerified: boolean): User {
  const recent = recentAccounts(db);
  if (recent.size >= RECENT_ACCOUNTS_KEPT) recent.clear();
  recent.set(row.sub, { row, at: Date.now() });
  return { ...row, emailVerified };
}

/** After a plan change: the next call reads the account again. */
export function forgetRecentAccounts(db: Queryable): void {
  recentByDatabase.get(db)?.clear();
}

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
  const sameProfile = (row: UserRow) =>
    (profile.email ?? row.email) === row.email && (profile.name ?? row.name) === row.name && (profile.picture ?? row.picture) === row.picture;
  // Every signed-in call comes here, each question included: an account seen a moment ago with
  // the same profile needs no query, one with the same profile needs no write.
  const recent = recentAccounts(db).get(profile.sub);
  if (recent && Date.now() - recent.at < RECENT_ACCOUNT_MS && sameProfile(recent.row)) return { ...recent.row, emailVerified: profile.emailVerified };
  const [known] = await db.query<UserRow>("SELECT id::text, sub, email, name, picture, plan FROM users WHERE sub = $1", [profile.sub]);
  if (known && sameProfile(known)) return remember(db, known, profile.emailVerified);
  const [row] = await db.query<UserRow>(
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
  return remember(db, row, profile.emailVerified);
}

/** Admin comes from ADMIN_EMAILS and a verified email, never from the browser. */
export function isAdmin(user: User, adminEmails: readonly string[]): boolean {
  return user.emailVerified && user.email !== null && adminEmails.includes(user.email);
}
