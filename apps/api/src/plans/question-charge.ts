import { isUnlimited, planById, planMessages, usageMonth } from "@oystar/plans-and-gates";
import type { Queryable } from "../db/database";
import { questions } from "../observe/metrics";
import { questionBatch } from "./question-batch";
import { refund, type Payer } from "./quota";

// A chat question costs one query of the month (DESIGN.md §4). A caller at its limit must never
// reach the model, so a question is counted before it is sent — except where that is known to be
// safe to do at the same time (issue 15: the first token then waits for the slower of the two,
// not for both): when the caller's last count left more questions than it has in flight here.

export type ModelCallCharge =
  { ok: true; refund: () => Promise<void> } | { ok: false; status: 400 | 403 | 409 | 429; body: { error: string; reset_at?: string } };

/** What this process learnt of a caller's quota from its last count. */
type Outlook = { month: string; plan: string; remaining: number; countedAt: number; inFlight: number };

/**
 * Knowledge older than this is not trusted: other servers on the same database count the same
 * caller's questions, and this one only hears of them at its next count.
 */
const OUTLOOK_TRUSTED_MS = 5_000;
/** Callers remembered at once; the oldest are forgotten first (they are simply counted first again). */
const OUTLOOK_CALLERS = 50_000;

export type QuestionCharges = ReturnType<typeof questionCharges>;

export function questionCharges(db: Queryable, now: () => number = Date.now) {
  const outlooks = new Map<string, Outlook>();
  // Questions arriving together are counted together (issue 28 §3).
  const batch = questionBatch(db, () => new Date(now()));

  /** The caller's outlook, kept as one object while it is remembered (counts under way update it). */
  function outlookOf(user: Payer): Outlook {
    let outlook = outlooks.get(user.id);
    if (!outlook) {
      outlook = { month: "", plan: "", remaining: 0, countedAt: Number.NEGATIVE_INFINITY, inFlight: 0 };
      outlooks.set(user.id, outlook);
      if (outlooks.size > OUTLOOK_CALLERS) outlooks.delete(outlooks.keys().next().value ?? "");
    }
    return outlook;
  }

  /** The caller surely has a question left for one more call beside those still being counted. */
  function mayOverlap(user: Payer, outlook: Outlook): boolean {
    const known =
      outlook.month === usageMonth(new Date(now())) && outlook.plan === user.plan && now() - outlook.countedAt <= OUTLOOK_TRUSTED_MS;
    return known && outlook.remaining > outlook.inFlight;
  }

  /** Counts the question (already in `outlook.inFlight`) and learns what is left. */
  async function count(user: Payer, outlook: Outlook): Promise<ModelCallCharge> {
    try {
      const charged = await batch.charge(user);
      const plan = planById(user.plan);
      const unbounded = user.isAdmin || isUnlimited(plan.queries_limit);
      outlook.remaining = !charged.ok
        ? 0
        : unbounded
          ? Number.POSITIVE_INFINITY
          : Math.max(0, plan.queries_limit - charged.usage.queries_used);
      outlook.month = usageMonth(new Date(now()));
      outlook.plan = user.plan;
      outlook.countedAt = now();
      if (!charged.ok)
        return { ok: false, status: 429, body: { error: planMessages.queriesExhausted, reset_at: charged.resetAt.toISOString() } };
      // Counted in a batch (question-batch.ts), not by quota.ts's charge: the operator's count is kept here.
      questions.inc({ counter: "queries_used", plan: user.plan, outcome: "charged" });
      return { ok: true, refund: () => refund(db, user, "queries_used") };
    } finally {
      outlook.inFlight -= 1;
    }
  }

  return {
    /**
     * Starts counting one question. `overlap` says whether the model may be asked meanwhile;
     * otherwise the caller awaits the charge first. The count itself runs on the next turn of the
     * event loop, with the questions that arrived in this one (question-batch.ts): embedded
     * PGlite counts synchronously on this thread, and an overlapping question is on its way to
     * the model before it does.
     */
    start(user: Payer): { overlap: boolean; charge: Promise<ModelCallCharge> } {
      const outlook = outlookOf(user);
      const overlap = mayOverlap(user, outlook);
      // Reserved at once, so a burst of calls in the same tick does not all see the same room.
      outlook.inFlight += 1;
      return { overlap, charge: count(user, outlook) };
    },
  };
}
