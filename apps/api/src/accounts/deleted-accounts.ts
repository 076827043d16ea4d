import { createHmac } from "node:crypto";
import type { Queryable } from "../db/database";

/**
 * How long a deletion is remembered: past the longest life an access token can have (Auth0 allows
 * up to 30 days for an API's tokens; the built-in provider's last an hour). Later, every token
 * issued before the deletion has expired and the row goes.
 */
export const DELETION_REMEMBERED_DAYS = 30;

/**
 * Accounts deleted recently (issue 36 §8), remembered by a keyed hash of their subject only
 * (migration 0023): the tokens issued before the deletion are refused, a new sign-in afterwards
 * registers a new, empty account as any first sign-in does.
 */
export function deletedAccounts(key: string) {
  const subjectKey = (sub: string) => createHmac("sha256", key).update(`deleted-account:${sub}`).digest("base64url");
  return {
    /** Records the deletion, in the deletion's transaction; deletions past their time are forgotten. */
    async remember(tx: Queryable, sub: string): Promise<void> {
      await tx.query("DELETE FROM deleted_accounts WHERE forget_after < now()");
      await tx.query(
        `INSERT INTO deleted_accounts (subject_key, deleted_at, forget_after) VALUES ($1, now(), now() + make_interval(days => $2))
         ON CONFLICT (subject_key) DO UPDATE SET deleted_at = EXCLUDED.deleted_at, forget_after = EXCLUDED.forget_after`,
        [subjectKey(sub), DELETION_REMEMBERED_DAYS],
      );
    },
    /**
     * Whether a token issued at `issuedAt` (seconds) belongs to an account deleted since. A token
     * without an issue time is judged issued before. Its second counts whole: a token of the very
     * second of the deletion is refused (a new sign-in a moment later is not).
     */
    async refuses(db: Queryable, sub: string, issuedAt: number | undefined): Promise<boolean> {
      const [row] = await db.query<{ refused: boolean }>(
        "SELECT to_timestamp($2::double precision) <= deleted_at AS refused FROM deleted_accounts WHERE subject_key = $1 AND forget_after >= now()",
        [subjectKey(sub), issuedAt ?? 0],
      );
      return row?.refused ?? false;
    },
  };
}

export type DeletedAccounts = ReturnType<typeof deletedAccounts>;
