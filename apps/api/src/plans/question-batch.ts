import { isUnlimited, planById, quotaResetAt, usageMonth } from "@oystar/plans-and-gates";
import type { Queryable } from "../db/database";
import type { Charge, Payer } from "./quota";
import { required } from "../required";

// Issue 28 §3: a thousand questions arriving together were counted one statement at a time, and
// the last one's first token waited for all the others. Questions are counted in batches: those
// that arrive while a batch is being counted (or in the same turn of the event loop, when none
// is) form the next one — one statement whatever their number (two more for callers asking for
// the first time this month, whose rows it makes), still exact — each
// caller's questions are granted up to what its plan leaves, in one conditional update that locks
// the caller's row (DESIGN.md §4), so servers counting at once cannot pass a limit either.

type Waiting = { user: Payer; settle: (charge: Charge) => void; fail: (error: unknown) => void };
type Granted = { user_id: string; granted: number; queries_used: number; debates_used: number };

/**
 * Grants each caller's questions of the batch up to its room, and says how many and what is left.
 * The room is read from the caller's row locked (FOR UPDATE), then the row is updated in the same
 * statement. A subquery rather than CTEs: PGlite plans it in about two thirds of the time, and
 * the statement is a good part of a question's cost to the server (issue 37 §1).
 */
const GRANT = `
UPDATE usage u SET queries_used = u.queries_used + g.granted
FROM (
  SELECT a.user_id,
    CASE WHEN a.unbounded THEN a.wanted ELSE LEAST(a.wanted, GREATEST(a.quota - c.queries_used, 0)) END AS granted
  FROM unnest($1::bigint[], $2::int[], $3::boolean[], $4::int[]) AS a(user_id, wanted, unbounded, quota)
  JOIN usage c ON c.user_id = a.user_id AND c.month = $5
  FOR UPDATE OF c
) g
WHERE u.user_id = g.user_id AND u.month = $5
RETURNING u.user_id::text AS user_id, g.granted, u.queries_used, u.debates_used`;

export type QuestionBatch = ReturnType<typeof questionBatch>;

export function questionBatch(db: Queryable, now: () => Date = () => new Date()) {
  let waiting: Waiting[] = [];
  /** A batch is being counted: new questions wait for it to finish and form the next. */
  let counting = false;

  async function count(batch: readonly Waiting[]) {
    const date = now();
    const month = usageMonth(date);
    const byUser = new Map<string, Waiting[]>();
    for (const item of batch) byUser.set(item.user.id, [...(byUser.get(item.user.id) ?? []), item]);
    const callers = [...byUser.values()].map((items) => {
      const user = required(items[0], "a caller's first question").user;
      const limit = planById(user.plan).queries_limit;
      return { id: user.id, wanted: items.length, unbounded: user.isAdmin || isUnlimited(limit), limit: Math.max(0, limit), items };
    });
    const granted = (among: typeof callers) =>
      db.query<Granted>(GRANT, [
        among.map((caller) => caller.id),
        among.map((caller) => caller.wanted),
        among.map((caller) => caller.unbounded),
        among.map((caller) => caller.limit),
        month,
      ]);
    // One statement for callers who already asked this month (issue 37 §1: the count was about half of
    // a question's cost to the server); a caller's first question of the month makes its row first.
    const counted = new Map((await granted(callers)).map((row) => [row.user_id, row]));
    const newThisMonth = callers.filter((caller) => !counted.has(caller.id));
    if (newThisMonth.length > 0) {
      await db.query("INSERT INTO usage (user_id, month) SELECT unnest($1::bigint[]), $2 ON CONFLICT (user_id, month) DO NOTHING", [
        newThisMonth.map((caller) => caller.id),
        month,
      ]);
      for (const row of await granted(newThisMonth)) counted.set(row.user_id, row);
    }
    for (const caller of callers) {
      const row = counted.get(caller.id);
      const usage = { queries_used: row?.queries_used ?? 0, debates_used: row?.debates_used ?? 0 };
      caller.items.forEach((item, position) =>
        item.settle(position < (row?.granted ?? 0) ? { ok: true, usage } : { ok: false, usage, resetAt: quotaResetAt(date) }),
      );
    }
  }

  function flush() {
    const batch = waiting;
    waiting = [];
    counting = true;
    count(batch)
      .catch((error: unknown) => {
        for (const item of batch) item.fail(error);
      })
      .finally(() => {
        counting = false;
        if (waiting.length > 0) flush();
      });
  }

  return {
    /** Counts one question of `user`'s month, with whatever else arrives in this turn. */
    charge(user: Payer): Promise<Charge> {
      return new Promise<Charge>((settle, fail) => {
        waiting.push({ user, settle, fail });
        if (waiting.length === 1 && !counting) setImmediate(flush);
      });
    },
  };
}
