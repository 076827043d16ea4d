import { DEBATE_JUDGE_RUNS, type DebateCall } from "@oystar/api-client";
import { debateModelCalls, type DebateMode } from "@oystar/debate-engine/protocol";
import type { Queryable } from "../db/database";
import type { Payer } from "../plans/quota";
import type { ModelCallCharge } from "../plans/question-charge";
import { debateChargeMessages } from "./messages";

/** A debate's id opens its calls for this long after it started; a 200-turn debate fits well. */
const DEBATE_OPEN_HOURS = 6;
/**
 * A turn cut off after its first token stays charged (the model did answer), and 'Prossimo' asks
 * it again: a debate may replay this many calls, so a stalled turn near its end can still finish.
 */
export const REPLAYS_PER_DEBATE = 2;

type DebateCallRefusal = Extract<ModelCallCharge, { ok: false }>;
const refused = (status: 403 | 409, error: string): DebateCallRefusal => ({ ok: false, status, body: { error } });

/**
 * Where a call stands in its debate: a turn's number; `length` for the analysis closing a
 * synthesis; `length` and `length + 1` for the judge's two runs (issue 26 §1).
 */
const positionOf = (call: DebateCall) =>
  call.kind === "turn" ? call.turn : call.kind === "analysis" ? call.length : call.length + call.run - 1;

/**
 * A debate's call, charged: given back when the model fails, or marked answered once the model's
 * first bytes are in (issue 33 §2) — only then may the debate go one position further.
 */
export type DebateCallCharge = Extract<ModelCallCharge, { ok: true }> & { answered: () => Promise<void> };

/**
 * Charges one call of a debate the caller started (DESIGN.md §4): it costs no question. The first
 * call fixes the debate's length, mode and two models, later ones must match; calls come in order,
 * one position at a time (issue 33 §2: a call may be asked again, never an earlier one, and goes
 * at most one past the furthest position the model has answered up to), so the judge and the
 * analysis come only once every turn was answered; and the debate pays for no more calls than it
 * makes (`debateModelCalls`, plus a couple of replays). Everything moves in one conditional
 * statement, so parallel calls cannot pass it. The call is counted before it is sent: a caller at
 * the end of its debate never reaches the model.
 */
export async function chargeDebateCall(db: Queryable, user: Payer, call: DebateCall): Promise<DebateCallCharge | DebateCallRefusal> {
  const mode: DebateMode = call.mode;
  const position = positionOf(call);
  const judge = call.kind === "judge";
  // The judge's runs come last: turns replayed cannot use them up.
  const callsAllowed =
    debateModelCalls(mode, call.length) - (judge || mode === "synthesis" ? 0 : DEBATE_JUDGE_RUNS.length) + REPLAYS_PER_DEBATE;
  const [counted] = await db.query<{ id: string }>(
    `UPDATE debates SET turns_used = turns_used + 1, length = $5, mode = $6, last_turn = $7, model_a = $8, model_b = $9
     WHERE id = $1 AND user_id = $2 AND created_at > now() - make_interval(hours => $3)
       AND (length IS NULL OR length = $5) AND (mode IS NULL OR mode = $6) AND turns_used < $4
       AND (model_a IS NULL OR (model_a = $8 AND model_b = $9))
       AND (last_turn IS NULL OR last_turn <= $7)
       AND coalesce(answered_through, -1) >= $7 - 1
     RETURNING id`,
    [call.debate_id, user.id, DEBATE_OPEN_HOURS, callsAllowed, call.length, mode, position, call.models.A, call.models.B],
  );
  if (counted) {
    return {
      ok: true,
      refund: async () => {
        await db.query("UPDATE debates SET turns_used = greatest(turns_used - 1, 0) WHERE id = $1", [call.debate_id]);
      },
      answered: async () => {
        await db.query("UPDATE debates SET answered_through = greatest(coalesce(answered_through, -1), $2) WHERE id = $1", [
          call.debate_id,
          position,
        ]);
      },
    };
  }
  const [debate] = await db.query<{
    own: boolean;
    open: boolean;
    length: number | null;
    mode: DebateMode | null;
    last_turn: number | null;
    answered_through: number | null;
    model_a: string | null;
    model_b: string | null;
  }>(
    `SELECT user_id = $2 AS own, created_at > now() - make_interval(hours => $3) AS open, length, mode, last_turn, answered_through, model_a, model_b
     FROM debates WHERE id = $1`,
    [call.debate_id, user.id, DEBATE_OPEN_HOURS],
  );
  // Someone else's (or a made-up) id is refused as such, whatever the request.
  if (!debate?.own) return refused(403, debateChargeMessages.unknown);
  if (!debate.open) return refused(409, debateChargeMessages.finished);
  if (debate.length !== null && (debate.length !== call.length || debate.mode !== mode)) return refused(409, debateChargeMessages.mismatch);
  if (debate.model_a !== null && (debate.model_a !== call.models.A || debate.model_b !== call.models.B))
    return refused(409, debateChargeMessages.mismatch);
  if (debate.last_turn !== null && debate.last_turn > position) return refused(409, debateChargeMessages.outOfOrder);
  const answeredThrough = debate.answered_through ?? -1;
  if (judge && answeredThrough < call.length - 1) return refused(409, debateChargeMessages.notOver);
  if (answeredThrough < position - 1) return refused(409, debateChargeMessages.skipped);
  // Every call of the debate made.
  return refused(409, debateChargeMessages.finished);
}
