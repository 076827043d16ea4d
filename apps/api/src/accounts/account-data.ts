import type { MyData } from "@oystar/api-client";
import { readSubscriptionRow } from "./subscription-row";
import type { Database } from "../db/database";
import type { Account } from "./accounts";

// Issue 36 §8, 'I miei dati': everything the server holds about one account, read from every
// table that names it. A table added later that names an account belongs here and in
// account-deletion.ts; account-deletion.test.ts scans every table and fails until it does.
//
// Issue 47 §5: the file is written as it is read. An account's debates and its documents grow
// without a bound of their own (a million debate rows made a 252 MB answer and 1.5 GB of memory),
// so they are read a page at a time; what is held at once does not grow with the account.

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

/** Rows read at a time from the tables that grow with the account. */
const PAGE_ROWS = 1000;

type DebateRow = {
  id: string;
  created_at: Date;
  /**
   * The same instant as PostgreSQL wrote it, to the microsecond: the next page starts after it.
   * A JavaScript Date keeps milliseconds only, and a page starting from one began before its own
   * last row on PostgreSQL (which keeps microseconds) — one debate a page exported twice.
   */
  created_at_exact: string;
  mode: string | null;
  length: number | null;
  turns_used: number;
  model_a: string | null;
  model_b: string | null;
  offline: boolean;
  judge_first: string | null;
  judge_second: string | null;
  user_vote: string | null;
};
type DocumentRow = { id: string; filename: string; title: string; url: string | null; bytes: number; created_at: Date };
type Debate = MyData["debates"][number];
type IndexedDocument = MyData["indexes"][number]["documents"][number];

/**
 * 'I miei dati' as JSON text, in pieces: the file the route streams (its shape is `MyData`). The
 * small parts are read at once; debates and documents a page at a time, in a stable order.
 */
export async function* accountDataJson(db: Database, account: Account): AsyncGenerator<string> {
  const id = account.id;
  const [user] = await db.query<{ created_at: Date; updated_at: Date; billing_event_at: Date | null }>(
    "SELECT created_at, updated_at, billing_event_at FROM users WHERE id = $1",
    [id],
  );
  const checkouts = await db.query<{ id: string; plan: string; status: string; created_at: Date }>(
    "SELECT id, plan, status, created_at FROM checkout_sessions WHERE user_id = $1 ORDER BY created_at",
    [id],
  );
  const running = await readSubscriptionRow(db, id);
  const invoices = await db.query<{ id: string; created_at: Date; total_cents: number; tax_cents: number; status: string }>(
    "SELECT id, created_at, total_cents, tax_cents, status FROM invoices WHERE user_id = $1 ORDER BY created_at, id",
    [id],
  );
  const usage = await db.query<{ month: string; queries_used: number; debates_used: number }>(
    "SELECT to_char(month, 'YYYY-MM') AS month, queries_used, debates_used FROM usage WHERE user_id = $1 ORDER BY month",
    [id],
  );
  const opening: Omit<MyData, "debates" | "forms" | "indexes" | "limits" | "deviceKey"> = {
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
      running: running
        ? {
            plan: running.plan,
            status: running.status,
            currentPeriodEnd: iso(running.current_period_end),
            cancelAtPeriodEnd: running.cancel_at_period_end,
            scheduledPlan: running.scheduled_plan,
            cardLast4: running.card_last4,
            paymentFailed: running.payment_failed,
          }
        : null,
      invoices: invoices.map((row) => ({
        id: row.id,
        createdAt: isoAlways(row.created_at),
        totalCents: row.total_cents,
        vatCents: row.tax_cents,
        status: row.status,
      })),
    },
    usage: usage.map((row) => ({ month: row.month, queriesUsed: row.queries_used, debatesUsed: row.debates_used })),
  };
  yield JSON.stringify(opening).slice(0, -1);

  yield ',"debates":';
  yield* jsonArray(
    pages<DebateRow, [string, string]>(
      ["-infinity", "00000000-0000-0000-0000-000000000000"],
      (row) => [row.created_at_exact, row.id],
      ([createdAt, debateId]) =>
        // Each page starts where the last ended, on the index (user_id, created_at, id).
        alongIndex<DebateRow>(
          db,
          `SELECT id::text, created_at, created_at::text AS created_at_exact, mode, length, turns_used, model_a, model_b, offline, judge_first, judge_second, user_vote
           FROM debates WHERE user_id = $1 AND (created_at, id) > ($2::timestamptz, $3::uuid)
           ORDER BY debates.created_at, debates.id LIMIT ${PAGE_ROWS}`,
          [id, createdAt, debateId],
        ),
    ),
    debateOf,
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
  const formsPart: MyData["forms"] = forms.map((row) => ({
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    fields: row.fields,
    accountEmail: row.account_email,
    createdAt: isoAlways(row.created_at),
    forwardedAt: iso(row.forwarded_at),
    indexing: row.run_status && row.ran_at ? { status: row.run_status, indexName: row.run_index, ranAt: isoAlways(row.ran_at) } : null,
  }));
  yield `,"forms":${JSON.stringify(formsPart)},"indexes":[`;

  // A plan holds a few indexes (spec 001 §9); each index's documents are paged.
  const indexes = await db.query<{ id: string; name: string; label: string; bytes: number; chunk_count: number; created_at: Date }>(
    "SELECT id::text, name, label, bytes::float8 AS bytes, chunk_count, created_at FROM rag_indexes WHERE owner_id = $1 ORDER BY created_at",
    [id],
  );
  for (const [position, index] of indexes.entries()) {
    const opened = {
      name: index.name,
      label: index.label,
      bytes: index.bytes,
      chunkCount: index.chunk_count,
      createdAt: isoAlways(index.created_at),
    };
    yield `${position > 0 ? "," : ""}${JSON.stringify(opened).slice(0, -1)},"documents":`;
    yield* jsonArray(
      pages<DocumentRow, string>(
        "0",
        (row) => row.id,
        (afterId) =>
          // Documents are numbered as they are stored: in that order, a page after the last.
          db.query<DocumentRow>(
            `SELECT id::text, filename, title, url, bytes::float8 AS bytes, created_at FROM rag_documents
             WHERE index_id = $1 AND id > $2::bigint ORDER BY id LIMIT ${PAGE_ROWS}`,
            [index.id, afterId],
          ),
      ),
      documentOf,
    );
    yield "}";
  }

  const limits = await db.query<{ action: string; window_start: Date; attempts: number }>(
    "SELECT action, window_start, attempts FROM account_action_windows WHERE user_id = $1 ORDER BY action",
    [id],
  );
  const [deviceKey] = await db.query<{ created_at: Date }>("SELECT created_at FROM account_device_keys WHERE user_id = $1", [id]);
  const closing: Pick<MyData, "limits" | "deviceKey"> = {
    limits: limits.map((row) => ({ action: row.action, windowStart: isoAlways(row.window_start), attempts: row.attempts })),
    // The key itself stays out of the file: a copy in a downloads folder, beside the browser's
    // encrypted conversations, would undo their encryption. Only that it exists, and since when.
    deviceKey: { exists: Boolean(deviceKey), createdAt: iso(deviceKey?.created_at ?? null) },
  };
  yield `],${JSON.stringify(closing).slice(1)}`;
}

const debateOf = (row: DebateRow): Debate => ({
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
});

const documentOf = (row: DocumentRow): IndexedDocument => ({
  filename: row.filename,
  title: row.title,
  url: row.url,
  bytes: row.bytes,
  createdAt: isoAlways(row.created_at),
});

/**
 * Every row `readPage` gives, PAGE_ROWS at a time in the order of their key: each page is read
 * after the key of the last row of the one before, so no row is read twice or skipped, however
 * many there are, and what is held at once is one page.
 */
async function* pages<Row, Key>(first: Key, keyOf: (row: Row) => Key, readPage: (after: Key) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let after = first;
  for (;;) {
    const page = await readPage(after);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < PAGE_ROWS) return;
    after = keyOf(last);
  }
}

/**
 * A page read along the index its order comes from. PGlite runs no autovacuum: after a burst of
 * rows its statistics still call the table small, and the planner then gathers every row of the
 * account and sorts them for each page (2 s a page at a million rows). Told to, it walks the index.
 */
function alongIndex<Row>(db: Database, sql: string, parameters: unknown[]): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.query("SET LOCAL enable_seqscan = off");
    await tx.query("SET LOCAL enable_bitmapscan = off");
    return tx.query<Row>(sql, parameters);
  });
}

/** A JSON array written a page at a time. */
async function* jsonArray<Row, Item>(rows: AsyncIterable<Row[]>, item: (row: Row) => Item): AsyncGenerator<string> {
  yield "[";
  let first = true;
  for await (const page of rows) {
    yield (first ? "" : ",") + page.map((row) => JSON.stringify(item(row))).join(",");
    first = false;
  }
  yield "]";
}
