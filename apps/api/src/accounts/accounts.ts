import type { PlanId } from "@oystar/api-client";
import type { Database, Queryable } from "../db/database";

/** Who a verified token says the caller is (auth/claims.ts reads it off the token). */
export type Profile = {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** When the token was issued (seconds): a deleted account's older tokens register nothing. */
  issuedAt?: number;
};

/** A token issued to an account before it was deleted (issue 36 §8): it registers nothing. */
export class DeletedAccountError extends Error {
  override name = "DeletedAccountError";
}

/** An account as stored, with what its current token says of the email. */
export type Account = {
  id: string;
  sub: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  plan: PlanId;
  emailVerified: boolean;
};

/** The signed-in caller: the account, and whether the server counts it as an admin. */
export type User = Account & { isAdmin: boolean };

type UserRow = Omit<Account, "emailVerified">;

/**
 * Accounts read in the last two seconds, per database — only where this process is the database's
 * only user (the embedded PGlite). The plan comes with the account, so the window is short, and a
 * plan change or a deletion forgets them at once (`accountsChanged`). On PostgreSQL other server
 * processes change accounts too, and nothing they could tell this one would arrive before the
 * caller's next request can (CI's PostgreSQL leg saw a deleted account's old token accepted by
 * the other server): there every call reads the account, one indexed query.
 */
const RECENT_ACCOUNT_MS = 2000;
const RECENT_ACCOUNTS_KEPT = 10_000;
const recentByDatabase = new WeakMap<Queryable, Map<string, { row: UserRow; at: number }>>();

/** Whether no other process can change this database's accounts behind this one's back. */
function aloneOn(db: Database): boolean {
  return db.kind === "pglite";
}

function recentAccounts(db: Queryable) {
  let recent = recentByDatabase.get(db);
  if (!recent) recentByDatabase.set(db, (recent = new Map()));
  return recent;
}

function remember(db: Database, row: UserRow, emailVerified: boolean): Account {
  if (aloneOn(db)) {
    const recent = recentAccounts(db);
    if (recent.size >= RECENT_ACCOUNTS_KEPT) recent.clear();
    recent.set(row.sub, { row, at: Date.now() });
  }
  return { ...row, emailVerified };
}

/** After a plan change or an account's deletion, once committed: the next call reads the account again. */
export function accountsChanged(db: Queryable): void {
  recentByDatabase.get(db)?.clear();
}

/**
 * Automatic registration (spec 000 §1): the first authenticated call creates the account on the
 * free plan, later calls refresh the profile. One statement, so concurrent first calls are safe.
 * `admitNew` may refuse to register a caller (a deleted account's old token): DeletedAccountError.
 */
export async function ensureUser(db: Database, profile: Profile, admitNew?: (profile: Profile) => Promise<boolean>): Promise<Account> {
  const sameProfile = (row: UserRow) =>
    (profile.email ?? row.email) === row.email &&
    (profile.name ?? row.name) === row.name &&
    (profile.picture ?? row.picture) === row.picture;
  // Every signed-in call comes here, each question included: an account seen a moment ago with
  // the same profile needs no query, one with the same profile needs no write.
  const recent = aloneOn(db) ? recentAccounts(db).get(profile.sub) : undefined;
  if (recent && Date.now() - recent.at < RECENT_ACCOUNT_MS && sameProfile(recent.row))
    return { ...recent.row, emailVerified: profile.emailVerified };
  const [known] = await db.query<UserRow>("SELECT id::text, sub, email, name, picture, plan FROM users WHERE sub = $1", [profile.sub]);
  if (known && sameProfile(known)) return remember(db, known, profile.emailVerified);
  if (!known && admitNew && !(await admitNew(profile))) throw new DeletedAccountError("account deleted after this token was issued");
  const [row] = await db.query<UserRow>(
    `INSERT INTO users (sub, email, name, picture, plan)
     VALUES ($1, $2, $3, $4, 'free')
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

/**
 * Creates an account on a given plan unless it exists: the hook the built-in identity provider
 * uses for its seeded test accounts (DESIGN.md §3). Production never calls it.
 */
export async function seedAccount(db: Queryable, account: { sub: string; email: string; name: string; plan: PlanId }): Promise<void> {
  await db.query("INSERT INTO users (sub, email, name, plan) VALUES ($1, $2, $3, $4) ON CONFLICT (sub) DO NOTHING", [
    account.sub,
    account.email,
    account.name,
    account.plan,
  ]);
}

/** Admin comes from ADMIN_EMAILS and a verified email, never from the browser. */
export function isAdmin(account: Account, adminEmails: readonly string[]): boolean {
  return account.emailVerified && account.email !== null && adminEmails.includes(account.email);
}
