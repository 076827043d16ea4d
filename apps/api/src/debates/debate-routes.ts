import {
  API_PATHS,
  analysedInterventions,
  DEBATE_CALLS_PATH,
  DEBATE_JUDGE_QUOTE_CHARS,
  DEBATE_LENGTH,
  DEBATE_REPLY_MAX_CHARS,
  DEBATE_TOPIC_MAX_CHARS,
  debateCallSchema,
  MODEL_LEADERBOARD_PATH,
  type DebateCall,
} from "@oystar/api-client";
import { debatePrompt } from "@oystar/debate-engine";
import { planById, planMessages } from "@oystar/plans-and-gates";
import { Hono, type MiddlewareHandler } from "hono";
import { declarePolicy, type Access, type SignedInVariables } from "../auth/access";
import type { Database } from "../db/database";
import type { Env } from "../env";
import { llmMessages } from "../llm/messages";
import { callUpstream, goneBeforeAsking, offlineAnswer, relayAnswer } from "../llm/model-answer";
import type { ModelProviders } from "../llm/model-providers";
import type { ModelCallCharge } from "../plans/question-charge";
import { charge } from "../plans/quota";
import { readSettings } from "../settings/settings-store";
import { errorKind } from "../web/log-line";
import { bodyCeiling, jsonOnly, noBody, SIGNED_IN_BODY_MS } from "../web/request-body";
import { chargeDebateCall } from "./debate-charge";
import { debateChargeMessages } from "./messages";
import { answerText, markOffline, modelLeaderboard, recordJudgeRun } from "./model-leaderboard";
import { composeOfflineDebateReply } from "./offline-debate";

/**
 * The largest calls the engine makes: a synthesis's analysis (the last third of 200 turns, each
 * at most 2000 characters) and the judge's (all 200 turns, each at most 800); in JSON a character
 * may take up to 6 bytes (a `\uXXXX` escape).
 */
const LARGEST_HISTORY_CHARS = Math.max(analysedInterventions(DEBATE_LENGTH.max) * (DEBATE_REPLY_MAX_CHARS + 100), DEBATE_LENGTH.max * (DEBATE_JUDGE_QUOTE_CHARS + 100));
const DEBATE_CALL_BODY = {
  maxBytes: (LARGEST_HISTORY_CHARS + 2 * DEBATE_TOPIC_MAX_CHARS) * 6,
  tooLarge: llmMessages.invalidRequest,
  readTimeoutMs: SIGNED_IN_BODY_MS,
};

type DebateCallVariables = SignedInVariables & { debateCall: DebateCall; charge: Extract<ModelCallCharge, { ok: true }> };

/** The body must be one call the debate engine makes (DESIGN.md §4): 400 otherwise, nothing charged. */
const validDebateCall: MiddlewareHandler<{ Variables: DebateCallVariables }> = async (c, next) => {
  const parsed = debateCallSchema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) return c.json({ error: parsed.error.issues[0]?.message ?? llmMessages.invalidRequest }, 400);
  c.set("debateCall", parsed.data);
  await next();
};

/**
 * issue 26 §1: the judge is the admin's (global settings), never the caller's choice; a call that
 * names another — a page from before the admin changed it — is refused before anything is charged.
 */
const adminsJudge =
  (db: Database): MiddlewareHandler<{ Variables: DebateCallVariables }> =>
  async (c, next) => {
    const call = c.get("debateCall");
    if (call.kind === "judge" && call.judge_model !== (await readSettings(db)).data.debate_judge_model) {
      return c.json({ error: debateChargeMessages.judgeChanged }, 409);
    }
    await next();
  };

/** The call is charged to its debate before it is sent; a refusal answers as it says. */
const debateCallCharge = (db: Database) =>
  declarePolicy<MiddlewareHandler<{ Variables: DebateCallVariables }>>("a call of the caller's debate", async (c, next) => {
    const charged = await chargeDebateCall(db, c.get("user"), c.get("debateCall"));
    if (!charged.ok) return c.json(charged.body, charged.status);
    c.set("charge", charged);
    await next();
  });

/**
 * POST /api/debates/increment and POST /api/debates/calls (signed-in); GET
 * /api/admin/model-leaderboard (admin).
 */
export function debateRoutes(access: Access, db: Database, env: Env, providers: ModelProviders) {
  const app = new Hono();

  // spec 001 §7: a debate costs one debate, counted when it starts; its calls cost no queries.
  app.post(API_PATHS.debateIncrement, access.signedIn, noBody(), async (c) => {
    const user = c.get("user");
    const plan = planById(user.plan);
    const result = await charge(db, user, "debates_used");
    if (!result.ok) {
      return c.json({ error: planMessages.debatesExhausted, reset_at: result.resetAt.toISOString(), debates_used: result.usage.debates_used, debates_limit: plan.debates_limit }, 429);
    }
    const [debate] = await db.query<{ id: string }>("INSERT INTO debates (user_id) VALUES ($1) RETURNING id::text", [user.id]);
    return c.json({
      debate_id: debate?.id,
      debates_used: result.usage.debates_used,
      debates_limit: plan.debates_limit,
      queries_used: result.usage.queries_used,
      queries_limit: plan.queries_limit,
    });
  });

  // One call of the debate: the server builds the model's messages from the validated call (the
  // engine's own debatePrompt) and streams the answer as chat completions do.
  app.post(DEBATE_CALLS_PATH, access.signedIn, jsonOnly, bodyCeiling(DEBATE_CALL_BODY), validDebateCall, adminsJudge(db), debateCallCharge(db), async (c) => {
    const call = c.get("debateCall");
    const { refund } = c.get("charge");
    const gone = await goneBeforeAsking(c, refund);
    if (gone) return gone;
    const upstream = await providers.upstream();
    if (!upstream) {
      // The offline model argued (or judged): its results never pass for a real model's.
      await markOffline(db, call.debate_id);
      const reply = composeOfflineDebateReply(call);
      if (call.kind === "judge") await recordJudgeRun(db, call, reply);
      return offlineAnswer(reply, env.llm.offlineCharsPerSecond, c.req.raw.signal);
    }
    // issue 26 §3: the judge's verdict moves the model leaderboard, read from the answer it gave.
    const judged = call.kind === "judge" ? (answer: Uint8Array) => recordVerdict(db, call, answer) : undefined;
    return relayAnswer(c, callUpstream(upstream, debatePrompt(call), c.req.raw.signal), refund, env.llm.firstTokenTimeoutMs, judged);
  });

  // issue 26 §3: the admin's model leaderboard (counts and ratings only).
  app.get(MODEL_LEADERBOARD_PATH, access.admin(() => debateChargeMessages.adminOnly), async (c) => c.json(await modelLeaderboard(db)));

  return app;
}

/** A judge run's answer, relayed whole: its verdict is kept. A failure here must not reach the caller. */
async function recordVerdict(db: Database, call: Extract<DebateCall, { kind: "judge" }>, answer: Uint8Array) {
  try {
    await recordJudgeRun(db, call, await answerText(answer));
  } catch (error) {
    console.error(`Verdetto del giudice non registrato per il dibattito ${call.debate_id}: ${errorKind(error)}`);
  }
}
