import type { Queryable } from "../db/database";

// A fixed window of attempts per key and action, counted in the database by one atomic statement:
// the count holds across every server on the database, and two servers counting at once queue on
// the row, so no attempt is lost or counted twice. Accounts (web/account-limit.ts) and addresses
// (web/address-limit.ts) each have their table.

const WINDOWS = {
  account: { table: "account_action_windows", key: "user_id" },
  address: { table: "address_action_windows", key: "address_key" },
} as const;

export type WindowKind = keyof typeof WINDOWS;

/** Counts one attempt: how many the window holds with it, and in how many seconds the window ends. */
export async function countInWindow(
  db: Queryable,
  kind: WindowKind,
  key: string,
  action: string,
  windowSeconds: number,
): Promise<{ attempts: number; retryAfterSeconds: number }> {
  const { table, key: keyColumn } = WINDOWS[kind];
  const [row] = await db.query<{ attempts: number; retry_after: number }>(
    `INSERT INTO ${table} AS w (${keyColumn}, action, window_start, attempts) VALUES ($1, $2, now(), 1)
     ON CONFLICT (${keyColumn}, action) DO UPDATE SET
       window_start = CASE WHEN w.window_start + make_interval(secs => $3) <= now() THEN now() ELSE w.window_start END,
       attempts = CASE WHEN w.window_start + make_interval(secs => $3) <= now() THEN 1 ELSE least(w.attempts + 1, 1000000) END
     RETURNING attempts, greatest(1, ceil(extract(epoch FROM w.window_start + make_interval(secs => $3) - now())))::int AS retry_after`,
    [key, action, windowSeconds],
  );
  if (!row) throw new Error("attempt not counted");
  return { attempts: row.attempts, retryAfterSeconds: row.retry_after };
}
