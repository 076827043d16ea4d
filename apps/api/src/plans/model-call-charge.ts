import { DEBATE_LENGTH } from "@oystar/debate-engine";
import { planMessages } from "@oystar/plans-and-gates";
import type { Queryable } from "../db/database";
import { chargeQuery, refund, type Payer } from "./quota";

/** Every turn of the longest debate, plus the synthesis' analysis and one retry of it. */
export const MODEL_CALLS_PER_DEBATE = DEBATE_LENGTH.max + 2;
/** A debate's id opens its turns for this long after it started; a 200-turn debate fits well. */
const DEBATE_OPEN_HOURS = 6;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const debateChargeMessages = {
  unknown: "Dibattito non valido: avvia un nuovo dibattito.",
  finished: "Il dibattito è concluso: avviane uno nuovo.",
} as const;

export type ModelCallCharge =
  | { ok: true; refund: () => Promise<void> }
  | { ok: false; status: 403 | 409 | 429; body: { error: string; reset_at?: string } };

/**
 * What one call to the model costs (DESIGN.md §4): a question of the month's quota, or — when
 * it carries the id of a debate the caller started — one of that debate's turns, which cost no
 * questions. The debate must be the caller's, recent, and have turns left; the count moves in
 * one conditional statement, so parallel calls cannot pass it.
 */
export async function chargeModelCall(db: Queryable, user: Payer, debateId: string | undefined): Promise<ModelCallCharge> {
  if (debateId === undefined) {
    const charged = await chargeQuery(db, user);
    if (!charged.ok) return { ok: false, status: 429, body: { error: planMessages.queriesExhausted, reset_at: charged.resetAt.toISOString() } };
    return { ok: true, refund: () => refund(db, user, "queries_used") };
  }
  if (!UUID.test(debateId)) return { ok: false, status: 403, body: { error: debateChargeMessages.unknown } };
  const [counted] = await db.query<{ id: string }>(
    `UPDATE debates SET turns_used = turns_used + 1
     WHERE id = $1 AND user_id = $2 AND created_at > now() - make_interval(hours => $3) AND turns_used < $4
     RETURNING id`,
    [debateId, user.id, DEBATE_OPEN_HOURS, MODEL_CALLS_PER_DEBATE],
  );
  if (counted) {
    return {
      ok: true,
      refund: async () => {
        await db.query("UPDATE debates SET turns_used = greatest(turns_used - 1, 0) WHERE id = $1", [debateId]);
      },
    };
  }
  const [own] = await db.query<{ id: string }>("SELECT id FROM debates WHERE id = $1 AND user_id = $2", [debateId, user.id]);
  return own
    ? { ok: false, status: 409, body: { error: debateChargeMessages.finished } }
    : { ok: false, status: 403, body: { error: debateChargeMessages.unknown } };
}
