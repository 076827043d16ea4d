import type { User } from "../accounts/accounts";
import type { Database, Queryable } from "../db/database";

// The forms people send on purpose (spec 000 §5, §7; spec 001 §3 feedback), kept so none is lost
// if forwarding fails. A signed-in form keeps the account that sent it as it was then: its email
// and whether the identity provider had verified it (what the form says is only what was typed).

export type Kind = "contact" | "enterprise" | "index-request" | "debate-feedback";

/** issue 22 item 4: indexing requests an account may have waiting for the admin at once. */
export const MAX_WAITING_INDEX_REQUESTS = 5;

type Submission = { kind: Kind; subject: string; fields: Record<string, unknown>; user: User | undefined };

const insert = async (db: Queryable, { kind, subject, fields, user }: Submission): Promise<string> => {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO form_submissions (kind, subject, fields, user_id, account_email, account_email_verified)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
    [kind, subject, JSON.stringify(fields), user?.id ?? null, user?.email ?? null, user?.emailVerified ?? false],
  );
  if (!row) throw new Error("form not stored");
  return row.id;
};

/**
 * Stores a form; null when it is an indexing request and its account already has
 * MAX_WAITING_INDEX_REQUESTS the admin has not tried yet. The count and the insert are one step
 * per account (a transaction lock): requests sent at once, to any server, cannot pass it together.
 */
export async function storeSubmission(db: Database, submission: Submission): Promise<string | null> {
  const { user } = submission;
  if (submission.kind !== "index-request" || !user) return insert(db, submission);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('index-request:' || $1, 0))", [user.id]);
    const [waiting] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM form_submissions f
       WHERE f.user_id = $1 AND f.kind = 'index-request' AND NOT EXISTS (SELECT 1 FROM rag_index_request_runs r WHERE r.request_id = f.id)`,
      [user.id],
    );
    if ((waiting?.n ?? 0) >= MAX_WAITING_INDEX_REQUESTS) return null;
    return insert(tx, submission);
  });
}
