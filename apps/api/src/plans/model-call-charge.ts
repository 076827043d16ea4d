import { DEBATE_ID_HEADER, type ChatMessage } from "@oystar/api-client";
import { ANALYSIS_PRESET, clampLength, debateModelCalls, PHASE_PRESETS, readDebateRequest, type DebateMode } from "@oystar/debate-engine";
import { planMessages } from "@oystar/plans-and-gates";
import type { MiddlewareHandler } from "hono";
import { declarePolicy, type SignedInVariables } from "../auth/access";
import type { Queryable } from "../db/database";
import { debateChargeMessages } from "./messages";
import { chargeQuery, refund, type Payer } from "./quota";

/** A debate's id opens its turns for this long after it started; a 200-turn debate fits well. */
const DEBATE_OPEN_HOURS = 6;
/**
 * A turn cut off after its first token stays charged (the model did answer), and 'Prossimo' asks
 * it again: a debate may replay this many calls, so a stalled turn near its end can still finish.
 */
export const REPLAYS_PER_DEBATE = 2;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ModelCallCharge =
  | { ok: true; refund: () => Promise<void> }
  | { ok: false; status: 400 | 403 | 409 | 429; body: { error: string; reset_at?: string } };

const refused = (status: 400 | 403 | 409, error: string): ModelCallCharge => ({ ok: false, status, body: { error } });

/** What the charge reads of the gateway's request (validated by then). */
export type ChargedRequest = { messages: ChatMessage[]; max_tokens?: number; reasoning_effort?: string; include_reasoning?: boolean };

/** What a debate's call says of its debate: the mode and the length it was started with. */
type DebateCall = { mode: DebateMode; length: number };

/**
 * The debate a request belongs to, read from the request itself with the engine's own reader
 * (debate-request.ts), or null when it is not one of a debate's calls: a turn (its mode, and
 * "Turno t di n" with t within n) or the analysis closing a synthesis — asking no more of the
 * model than the engine does (its preset's max_tokens, no reasoning), so a call charged to a
 * debate costs what a debate's call costs.
 */
function debateCallOf(request: ChargedRequest): DebateCall | null {
  const asked = readDebateRequest(request.messages);
  if (!asked || clampLength(asked.length) !== asked.length) return null;
  const preset = asked.kind === "analysis" ? ANALYSIS_PRESET : PHASE_PRESETS[asked.phase];
  if (request.max_tokens === undefined || request.max_tokens > preset.max_tokens) return null;
  if (request.reasoning_effort !== undefined || request.include_reasoning !== undefined) return null;
  if (asked.kind === "analysis") return { mode: "synthesis", length: asked.length };
  return asked.turn >= 0 && asked.turn < asked.length ? { mode: asked.mode, length: asked.length } : null;
}

/**
 * What one call to the model costs (DESIGN.md §4): a question of the month's quota, or — when
 * it carries the id of a debate the caller started — one of that debate's calls, which cost no
 * questions. A call charged to a debate must be one of its calls (a turn, or a synthesis's
 * analysis); the first one fixes the debate's length and mode, later ones must match, and the
 * debate pays for no more calls than it makes (`debateModelCalls`, plus a couple of replays). The count moves in one
 * conditional statement, so parallel calls cannot pass it.
 */
export async function chargeModelCall(db: Queryable, user: Payer, debateId: string | undefined, request: ChargedRequest): Promise<ModelCallCharge> {
  if (debateId === undefined) {
    const charged = await chargeQuery(db, user);
    if (!charged.ok) return { ok: false, status: 429, body: { error: planMessages.queriesExhausted, reset_at: charged.resetAt.toISOString() } };
    return { ok: true, refund: () => refund(db, user, "queries_used") };
  }
  if (!UUID.test(debateId)) return refused(403, debateChargeMessages.unknown);
  const call = debateCallOf(request);
  if (!call) {
    // Someone else's (or a made-up) id is refused as such, whatever the request.
    const [own] = await db.query<{ id: string }>("SELECT id FROM debates WHERE id = $1 AND user_id = $2", [debateId, user.id]);
    return refused(own ? 400 : 403, own ? debateChargeMessages.notATurn : debateChargeMessages.unknown);
  }
  const [counted] = await db.query<{ id: string }>(
    `UPDATE debates SET turns_used = turns_used + 1, length = $5, mode = $6
     WHERE id = $1 AND user_id = $2 AND created_at > now() - make_interval(hours => $3)
       AND (length IS NULL OR length = $5) AND (mode IS NULL OR mode = $6) AND turns_used < $4
     RETURNING id`,
    [debateId, user.id, DEBATE_OPEN_HOURS, debateModelCalls(call.mode, call.length) + REPLAYS_PER_DEBATE, call.length, call.mode],
  );
  if (counted) {
    return {
      ok: true,
      refund: async () => {
        await db.query("UPDATE debates SET turns_used = greatest(turns_used - 1, 0) WHERE id = $1", [debateId]);
      },
    };
  }
  const [debate] = await db.query<{ own: boolean; open: boolean; length: number | null; mode: DebateMode | null }>(
    "SELECT user_id = $2 AS own, created_at > now() - make_interval(hours => $3) AS open, length, mode FROM debates WHERE id = $1",
    [debateId, user.id, DEBATE_OPEN_HOURS],
  );
  if (!debate?.own) return refused(403, debateChargeMessages.unknown);
  if (debate.open && debate.length !== null && (debate.length !== call.length || debate.mode !== call.mode)) return refused(409, debateChargeMessages.mismatch);
  // Too old, or every call of the debate made.
  return refused(409, debateChargeMessages.finished);
}

/** The gateway's request, once its body has been read and validated. */
export type ModelCallVariables = SignedInVariables & {
  chatRequest: ChargedRequest;
  /** The charge, under way: the handler asks the model meanwhile and awaits it before answering. */
  charge: Promise<ModelCallCharge>;
};

/**
 * The gateway's charge as a policy declared on its route, after the caller is known and the body
 * validated: it starts the charge and hands it on unfinished, so the model is asked while the
 * database counts (issue 15: the first token waits for the slower of the two, not for both).
 *
 * The count starts on the next turn of the event loop. Embedded PGlite counts on this thread,
 * synchronously, and a request to the model only leaves on the next tick: counting at once would
 * hold the question back until the count is done. A turn later the question is on its way, and
 * the model thinks while the database counts.
 */
export function modelCallCharge(db: Queryable): MiddlewareHandler<{ Variables: ModelCallVariables }> {
  return declarePolicy("a question of the quota, or a turn of the caller's debate", async (c, next) => {
    const charge = nextTurnOfTheEventLoop().then(() => chargeModelCall(db, c.get("user"), c.req.header(DEBATE_ID_HEADER), c.get("chatRequest")));
    // The handler awaits it; this only keeps a failure from counting as unhandled before then.
    charge.catch(() => {});
    c.set("charge", charge);
    await next();
  });
}

const nextTurnOfTheEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
