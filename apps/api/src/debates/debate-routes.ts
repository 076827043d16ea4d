import {
  API_PATHS,
  analysedInterventions,
  DEBATE_JUDGE_QUOTE_CHARS,
  DEBATE_LENGTH,
  DEBATE_REPLY_MAX_CHARS,
  DEBATE_TOPIC_MAX_CHARS,
  debateCallSchema,
  type DebateCall,
} from "@oystar/api-client";
import { debatePrompt, type PromptPassage } from "@oystar/debate-engine/protocol";
import { planById, planMessages } from "@oystar/plans-and-gates";
import { Hono, type MiddlewareHandler } from "hono";
import { endsWhenServerStops, givenBackIfServerStops, modelStreamClosing } from "../streams/server-stopping";
import { callerSignal } from "../streams/resumable-answers";
import type { StreamedRoad } from "../streams/streamed-road";
import { declarePolicy, type Access, type SignedInVariables } from "../auth/access";
import type { Database } from "../db/database";
import type { Env } from "../env";
import { llmMessages } from "../llm/messages";
import { callUpstream, goneBeforeAsking, offlineAnswer, questionCalls, relayAnswer, streamHeaders } from "../llm/model-answer";
import type { ModelProviders } from "../llm/model-providers";
import { charge } from "../plans/quota";
import { offlineStream } from "../llm/offline-model";
import { type Passage, type RagEngine, type RagIndex } from "../rag";
import { readSettings } from "../settings/settings-store";
import { pastAccountLimit, perAccountLimit, type AccountLimit } from "../web/account-limit";
import { errorKind, logLine } from "../web/log-line";
import { nodeStreamAnswer } from "../web/node-stream-answer";
import { firstIssue, jsonBodyAs } from "../web/json-body";
import { bodyCeiling, jsonOnly, noBody, SIGNED_IN_BODY_MS } from "../web/request-body";
import { chargeDebateCall, type DebateCallCharge } from "./debate-charge";
import { debateIndex, promptPassages, turnEvidence, turnPassages } from "./debate-documents";
import { framedAnswer, type EvidenceFraming } from "./evidence-stream";
import { debateChargeMessages } from "./messages";
import { debateRetention } from "./debate-retention";
import { markOffline, modelLeaderboard, recordJudgeRun } from "./model-leaderboard";
import { composeOfflineDebateReply } from "./offline-debate";
import { lexicalRelevance, modelRelevance, quoteSealer, type QuoteSealer } from "./quote-check";
import { log } from "../observe/log";
import { requestIdOf } from "../observe/request-log";

/**
 * The largest calls the engine makes: a synthesis's analysis (the last third of 200 turns, each
 * at most 2000 characters) and the judge's (all 200 turns, each at most 800); in JSON a character
 * may take up to 6 bytes (a `\uXXXX` escape).
 */
const LARGEST_HISTORY_CHARS = Math.max(
  analysedInterventions(DEBATE_LENGTH.max) * (DEBATE_REPLY_MAX_CHARS + 100),
  DEBATE_LENGTH.max * (DEBATE_JUDGE_QUOTE_CHARS + 100),
);
const DEBATE_CALL_BODY = {
  maxBytes: (LARGEST_HISTORY_CHARS + 2 * DEBATE_TOPIC_MAX_CHARS) * 6,
  tooLarge: llmMessages.invalidRequest,
  readTimeoutMs: SIGNED_IN_BODY_MS,
};

/**
 * issue 33 §2: judge runs per account, counted in the database as the forms are
 * (web/account-limit.ts), refused ones too. A judged debate takes two runs, after turns a model
 * had to answer one by one: 40 an hour is 20 debates judged, one every three minutes — more than a
 * person reads — while a script steering the leaderboard is held back.
 */
const JUDGE_RUNS_LIMIT: AccountLimit = {
  action: "debate-judge-run",
  limit: 40,
  windowSeconds: 60 * 60,
  tooMany: debateChargeMessages.tooManyJudgeRuns,
};

/**
 * Issue 47 §5: debates started per account. Each start is a row kept for a year; without a limit
 * an unlimited plan made 177–317 a second. 60 an hour is one a minute, more than a person plays.
 */
const DEBATE_START_LIMIT: AccountLimit = {
  action: "debate-start",
  limit: 60,
  windowSeconds: 60 * 60,
  tooMany: debateChargeMessages.tooManyStarts,
};

type DebateCallVariables = SignedInVariables & {
  debateCall: DebateCall;
  charge: DebateCallCharge;
  /** issue 26 §2: the index the call argues from, once the caller's right to it is checked. */
  debateIndex: RagIndex | null;
};

/** The body must be one call the debate engine makes (DESIGN.md §4): 400 otherwise, nothing charged. */
const validDebateCall: MiddlewareHandler<{ Variables: DebateCallVariables }> = jsonBodyAs(
  "debateCall",
  debateCallSchema,
  firstIssue(llmMessages.invalidRequest),
);

/** issue 33 §2: past its judge runs for the hour, an account's judge calls get a 429 before anything else. */
const judgeRunsLimit =
  (db: Database): MiddlewareHandler<{ Variables: DebateCallVariables }> =>
  async (c, next) => {
    if (c.get("debateCall").kind === "judge") {
      const refused = await pastAccountLimit(c, db, c.get("user").id, JUDGE_RUNS_LIMIT);
      if (refused) return refused;
    }
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

/**
 * issue 26 §2: 'Basati sui documenti' — a call naming an index is the RAG plans' (Business,
 * Enterprise), over an index the caller may search (its own, or a shared one like the demo);
 * checked before anything is charged.
 */
const debateDocuments = (db: Database) =>
  declarePolicy<MiddlewareHandler<{ Variables: DebateCallVariables }>>(
    "documents: plan ≥ business, owner of the index",
    async (c, next) => {
      const documents = c.get("debateCall").documents;
      c.set("debateIndex", null);
      if (documents) {
        const allowed = await debateIndex(db, c.get("user"), documents.index);
        if (!allowed.ok) return c.json({ error: allowed.error }, allowed.status);
        c.set("debateIndex", allowed.index);
      }
      await next();
    },
  );

/**
 * issue 26 §2: the judge counts only quotes the server verified — each turn's verdicts must bear
 * the seal the server gave them, for that debate and turn (debates/quote-check.ts).
 */
const sealedVerdicts =
  (sealer: QuoteSealer): MiddlewareHandler<{ Variables: DebateCallVariables }> =>
  async (c, next) => {
    const call = c.get("debateCall");
    if (call.kind === "judge") {
      for (const item of call.history) {
        if (!item.quotes) continue;
        const holds = await sealer.holds({ debateId: call.debate_id, turn: item.turn, statuses: item.quotes.statuses }, item.quotes.seal);
        if (!holds) return c.json({ error: debateChargeMessages.quotesNotSealed }, 400);
      }
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
export function debateRoutes(
  access: Access,
  db: Database,
  env: Env,
  providers: ModelProviders,
  rag: RagEngine,
  { admission, resumable, serverStop }: StreamedRoad,
) {
  const app = new Hono();
  const sealer = quoteSealer(db);

  const sweepOldDebates = debateRetention(db);
  // spec 001 §7: a debate costs one debate, counted when it starts; its calls cost no queries.
  // Issue 47 §5: starts are limited per account (unlimited plans included), each one a row.
  app.post(API_PATHS.debateIncrement, access.signedIn, perAccountLimit(db, DEBATE_START_LIMIT), noBody(), async (c) => {
    const user = c.get("user");
    await sweepOldDebates();
    const plan = planById(user.plan);
    const result = await charge(db, user, "debates_used");
    if (!result.ok) {
      return c.json(
        {
          error: planMessages.debatesExhausted,
          reset_at: result.resetAt.toISOString(),
          debates_used: result.usage.debates_used,
          debates_limit: plan.debates_limit,
        },
        429,
      );
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

  // A JSON call whose answer is held for a resume (issue 35 §2), admitted, as one step: Hono types ten a route.
  // Inside it, a turn still running when a stopping server's time runs out ends with its reason.
  const endsOnStop = endsWhenServerStops(serverStop, modelStreamClosing, admission.cuts);
  // Issue 55 §1: first of it, a process past what it can carry refuses the call (before its body
  // is read or anything is charged).
  const resumableJson: typeof resumable = (c, next) =>
    admission.newQuestion(c, async () => {
      // jsonOnly's refusal is its return value: nested by hand, it must become the answer here
      // (dropped, the call had no answer at all and the server said 500).
      const refused = await jsonOnly(c, async () => {
        await resumable(c, async () => {
          await endsOnStop(c, next);
        });
      });
      if (refused) c.res = refused;
    });
  // One call of the debate: the server builds the model's messages from the validated call (the
  // engine's own debatePrompt) and streams the answer as chat completions do.
  app.post(
    API_PATHS.debateCalls,
    access.signedIn,
    resumableJson,
    bodyCeiling(DEBATE_CALL_BODY),
    validDebateCall,
    judgeRunsLimit(db),
    adminsJudge(db),
    debateDocuments(db),
    sealedVerdicts(sealer),
    debateCallCharge(db),
    async (c) => {
      const call = c.get("debateCall");
      const { refund, answered } = c.get("charge");
      givenBackIfServerStops(c, refund);
      const gone = await goneBeforeAsking(c, refund);
      if (gone) return gone;
      const signal = callerSignal(c);
      // issue 26 §2: a turn argued from documents reads its passages first; they cost nothing more.
      const index = c.get("debateIndex");
      const upstream = await providers.upstream();
      let evidence: { passages: Passage[]; framing: EvidenceFraming } | null = null;
      if (call.kind === "turn" && index) {
        const settings = (await readSettings(db)).data;
        // Issue 52 §2: whether each quote's passage is about its claim — the admin's judge model
        // reads them when one is connected; the lexical check otherwise.
        const relevance = upstream
          ? modelRelevance(questionCalls(upstream, env.llm.firstTokenTimeoutMs, requestIdOf(c)), settings.debate_judge_model)
          : lexicalRelevance;
        try {
          const passages = await turnPassages(rag, settings, index, call, signal);
          evidence = { passages, framing: await turnEvidence({ engine: rag, sealer, relevance }, call, index, passages, signal) };
        } catch (error) {
          await refund();
          log.error({ request_id: requestIdOf(c), kind: errorKind(error) }, "Dibattito: ricerca nei documenti non riuscita");
          return c.json({ error: debateChargeMessages.retrievalFailed }, 502);
        }
      }
      if (!upstream) {
        // The offline model argued (or judged): its results never pass for a real model's. It
        // always answers, so the call is answered before the caller reads a byte of it.
        await markOffline(db, call.debate_id);
        await answered();
        // It reads the passages whole: what it quotes is checked against the whole.
        const reply = composeOfflineDebateReply(call, evidence ? promptPassages(evidence.passages, Number.POSITIVE_INFINITY) : undefined);
        if (call.kind === "judge") await recordJudgeRun(db, call, reply);
        if (evidence) return framedOfflineAnswer(reply, evidence.framing, env.llm.offlineCharsPerSecond, signal);
        return offlineAnswer(reply, env.llm.offlineCharsPerSecond, signal);
      }
      const context: { passages: PromptPassage[] } | undefined = evidence ? { passages: promptPassages(evidence.passages) } : undefined;
      const framing = evidence?.framing;
      // issue 26 §3: the judge's verdict moves the model leaderboard, read from the answer it gave.
      const judged = call.kind === "judge" ? (answer: string) => recordVerdict(db, call, answer) : undefined;
      const asked = callUpstream(upstream, debatePrompt(call, context), signal, requestIdOf(c));
      return relayAnswer(c, asked, refund, env.llm.firstTokenTimeoutMs, {
        // issue 33 §2: the debate may go one call further once the model has begun this one.
        onFirstBytes: answered,
        onAnswered: judged,
        framing: framing ? { opening: framing.opening, frame: (answer) => framedAnswer(answer, framing.closing) } : undefined,
      });
    },
  );

  // issue 26 §3: the admin's model leaderboard (counts and ratings only).
  app.get(
    API_PATHS.modelLeaderboard,
    access.admin(() => debateChargeMessages.adminOnly),
    async (c) => c.json(await modelLeaderboard(db)),
  );

  return app;
}

/** The offline model's reply to a turn argued from documents, between its evidence events. */
function framedOfflineAnswer(reply: string, framing: EvidenceFraming, charsPerSecond: number, signal: AbortSignal): Response {
  const framed = framedAnswer(offlineStream(reply, charsPerSecond, signal), framing.closing);
  return nodeStreamAnswer(Buffer.from(framing.opening), framed, { headers: streamHeaders }, () => framed.destroy());
}

/** A judge run's answer, relayed whole: its verdict is kept. A failure here must not reach the caller. */
async function recordVerdict(db: Database, call: Extract<DebateCall, { kind: "judge" }>, answer: string) {
  try {
    await recordJudgeRun(db, call, answer);
  } catch (error) {
    log.error({ debate: logLine(call.debate_id), kind: errorKind(error) }, "Verdetto del giudice non registrato");
  }
}
