import type { MyData } from "@oystar/api-client";
import type { Queryable } from "../db/database";
import type { Account } from "./accounts";

// Issue 36 §8, 'I miei dati': everything the server holds about one account, read from every
// table that names it. A table added later that names an account belongs here and in
// account-deletion.ts; account-deletion.test.ts scans every table and fails until it does.

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const isoAlways = (value: Date | string): string => new Date(value).toISOString();

/**
 * The forms that are the account's: those it sent signed in, and those sent without signing in
 * from its email — only when the identity provider verified that email, so nobody reads or
 * deletes someone else's requests by typing their address into a new account.
 */
export const ACCOUNT_FORMS = `
  (f.user_id = $1 OR ($2::text IS NOT NULL AND f.user_id IS NULL AND lower(f.fields->>'email') = $2::text))`;

/** The email that claims an account's unsigned forms: the verified one, else none. */
export const formsEmailOf = (account: Account) => (account.emailVerified && account.email ? account.email.toLowerCase() : null);

export async function accountData(db: Queryable, account: Account): Promise<MyData> {
  const id = account.id;
  const [user] = await db.query<{ created_at: Date; updated_at: Date; billing_event_at: Date | null }>(
    "SELECT created_at, updated_at, billing_event_at FROM users WHERE id = $1",
    [id],
  );
  const checkouts = await db.query<{ id: string; plan: string; status: string; created_at: Date }>(
    "SELECT id, plan, status, created_at FROM checkout_sessions WHERE user_id = $1 ORDER BY created_at",
    [id],
  );
  const usage = await db.query<{ month: string; queries_used: number; debates_used: number }>(
    "SELECT to_char(month, 'YYYY-MM') AS month, queries_used, debates_used FROM usage WHERE user_id = $1 ORDER BY month",
    [id],
  );
  const debates = await db.query<{
    id: string;
    created_at: Date;
    mode: string | null;
    length: number | null;
    turns_used: number;
    model_a: string | null;
    model_b: string | null;
    offline: boolean;
    judge_first: string | null;
    judge_second: string | null;
    user_vote: string | null;
  }>(
    `SELECT id::text, created_at, mode, length, turns_used, model_a, model_b, offline, judge_first, judge_second, user_vote
     FROM debates WHERE user_id = $1 ORDER BY created_at`,
    [id],
  );
  const forms = await db.query<{
    id: string;
    kind: string;
    subject: string;
    fields: Record<string, unknown>;
    account_email: string | null;
    created_at: Date;
    forwarded_at: Date | null;
    run_status: string | null;
    run_index: string | null;
    ran_at: Date | null;
  }>(
    `SELECT f.id::text, f.kind, f.subject, f.fields, f.account_email, f.created_at, f.forwarded_at,
            r.status AS run_status, r.index_name AS run_index, r.ran_at
     FROM form_submissions f LEFT JOIN rag_index_request_runs r ON r.request_id = f.id
     WHERE ${ACCOUNT_FORMS} ORDER BY f.created_at`,
    [id, formsEmailOf(account)],
  );
  const indexes = await db.query<{ id: string; name: string; label: string; bytes: number; chunk_count: number; created_at: Date }>(
    "SELECT id::text, name, label, bytes::float8 AS bytes, chunk_count, created_at FROM rag_indexes WHERE owner_id = $1 ORDER BY created_at",
    [id],
  );
  const documents = await db.query<{
    index_id: string;
    filename: string;
    title: string;
    url: string | null;
    bytes: number;
    created_at: Date;
  }>(
    `SELECT d.index_id::text, d.filename, d.title, d.url, d.bytes::float8 AS bytes, d.created_at
     FROM rag_documents d JOIN rag_indexes i ON i.id = d.index_id WHERE i.owner_id = $1 ORDER BY d.created_at, d.id`,
    [id],
  );
  const limits = await db.query<{ action: string; window_start: Date; attempts: number }>(
    "SELECT action, window_start, attempts FROM account_action_windows WHERE user_id = $1 ORDER BY action",
    [id],
  );
  const [deviceKey] = await db.query<{ created_at: Date }>("SELECT created_at FROM account_device_keys WHERE user_id = $1", [id]);

  return {
    exportedAt: new Date().toISOString(),
    account: {
      id,
      subject: account.sub,
      email: account.email,
      name: account.name,
      picture: account.picture,
      createdAt: user ? isoAlways(user.created_at) : new Date().toISOString(),
      updatedAt: user ? isoAlways(user.updated_at) : new Date().toISOString(),
    },
    subscription: {
      plan: account.plan,
      paidAt: iso(user?.billing_event_at ?? null),
      checkouts: checkouts.map((row) => ({ id: row.id, plan: row.plan, status: row.status, createdAt: isoAlways(row.created_at) })),
    },
    usage: usage.map((row) => ({ month: row.month, queriesUsed: row.queries_used, debatesUsed: row.debates_used })),
    debates: debates.map((row) => ({
      id: row.id,
      createdAt: isoAlways(row.created_at),
      mode: row.mode,
      length: row.length,
      turnsUsed: row.turns_used,
      modelA: row.model_a,
      modelB: row.model_b,
      offline: row.offline,
      judgeFirst: row.judge_first,
      judgeSecond: row.judge_second,
      vote: row.user_vote,
    })),
    forms: forms.map((row) => ({
      id: row.id,
      kind: row.kind,
      subject: row.subject,
      fields: row.fields,
      accountEmail: row.account_email,
      createdAt: isoAlways(row.created_at),
      forwardedAt: iso(row.forwarded_at),
      indexing: row.run_status && row.ran_at ? { status: row.run_status, indexName: row.run_index, ranAt: isoAlways(row.ran_at) } : null,
    })),
    indexes: indexes.map((index) => ({
      name: index.name,
      label: index.label,
      bytes: index.bytes,
      chunkCount: index.chunk_count,
      createdAt: isoAlways(index.created_at),
      documents: documents
        .filter((document) => document.index_id === index.id)
        .map((document) => ({
          filename: document.filename,
          title: document.title,
          url: document.url,
          bytes: document.bytes,
          createdAt: isoAlways(document.created_at),
        })),
    })),
    limits: limits.map((row) => ({ action: row.action, windowStart: isoAlways(row.window_start), attempts: row.attempts })),
    // The key itself stays out of the file: a copy in a downloads folder, beside the browser's
    // encrypted conversations, would undo their encryption. Only that it exists, and since when.
    deviceKey: { exists: Boolean(deviceKey), createdAt: iso(deviceKey?.created_at ?? null) },
  };
}
