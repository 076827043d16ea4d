import { API_PATHS, ragAskQuerySchema, ragAskRequestSchema, type Settings, type StreamChunk } from "@oystar/api-client";
import { planById } from "@oystar/plans-and-gates";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { streamSSE } from "hono/streaming";
import type { z } from "zod";
import { endsWhenServerStops, givenBackIfServerStops, once, ragStreamClosing } from "../streams/server-stopping";
import { callerSignal } from "../streams/resumable-answers";
import type { StreamedRoad } from "../streams/streamed-road";
import { declarePolicy, type Access, type SignedInVariables } from "../auth/access";
import type { Database } from "../db/database";
import type { Env } from "../env";
import { ModelFailure, unansweredQuestion } from "../llm/model-answer";
import type { ModelProviders } from "../llm/model-providers";
import { readSettings } from "../settings/settings-store";
import { errorKind } from "../web/log-line";
import { jsonBodyAs } from "../web/json-body";
import { bodyCeiling, jsonOnly, SIGNED_IN_BODY_MS } from "../web/request-body";
import { cacheKey } from "./answer-cache";
import { answerQuestion } from "./answer/ask-pipeline";
import { askContext } from "./answer/ask-road";
import { chooseIndexes, mayAskModel, resolveAsk, type ParsedAsk } from "./answer/ask-request";
import { withSingleWarning } from "./answer/citation-validation";
import { DEMO_EXAMPLE_QUESTIONS, DEMO_INDEX } from "./ingest/demo-index";
import type { RagEngine } from "./rag-engine";
import { ragMessages } from "./messages";
import { usableIndexes, type RagIndex } from "./rag-store";
import { log } from "../observe/log";
import { requestIdOf } from "../observe/request-log";

/** A RAG request is a question, settings and some history: 2 MB is far more than any needs. */
const ASK_BODY = { maxBytes: 2 * 1024 * 1024, tooLarge: ragMessages.tooLarge, readTimeoutMs: SIGNED_IN_BODY_MS };

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? ragMessages.invalidRequest;

export type RagRouteDependencies = StreamedRoad & {
  db: Database;
  engine: RagEngine;
  env: Env;
  providers: ModelProviders;
};

/** What the ask routes' middleware hands the handler: the parsed request, the settings, the indexes the caller owns or shares. */
type AskVariables = SignedInVariables & { ask: ParsedAsk; settings: Settings; indexes: RagIndex[] };
type AskContext = Context<{ Variables: AskVariables }>;

/**
 * GET /api/indices/list (signed-in), GET and POST /api/ask-stream (Business, Enterprise; over the
 * caller's own and the shared indexes only). The administrator's are in admin/admin-routes.ts.
 */
export function ragRoutes(access: Access, deps: RagRouteDependencies) {
  const { db, engine, env, providers } = deps;
  const app = new Hono();
  // spec 001 §6, §9: RAG is for business and enterprise, checked before the body is read.
  const ragPlans = access.plan("business", ragMessages.planOnly);

  /**
   * Owner of the index (issue 11): the indexes asked are the caller's own or shared ones —
   * another customer's index and a missing one get the same 403, so names cannot be probed.
   * The chosen indexes (and the settings they were chosen with) go to the handler.
   */
  const indexOwner = declarePolicy(
    "owner of the index",
    createMiddleware<{ Variables: AskVariables }>(async (c, next) => {
      const user = c.get("user");
      const settings = (await readSettings(db)).data;
      const choice = chooseIndexes(c.get("ask").index_names, settings.rag_index_names, await usableIndexes(db, user.id), user.id);
      if (!choice.ok)
        return "forbidden" in choice
          ? c.json({ error: ragMessages.indexUnavailable(choice.forbidden) }, 403)
          : c.json({ error: ragMessages.noIndexes }, 404);
      c.set("settings", settings);
      c.set("indexes", choice.indexes);
      await next();
    }),
  );

  /** The POST body, parsed strictly (400 in Italian), is the question asked — as the GET's query is. */
  const askBody: MiddlewareHandler<{ Variables: AskVariables }> = jsonBodyAs("ask", ragAskRequestSchema, (error) => ({
    error: firstIssue(error),
  }));

  // spec 001 §7: the GET form takes the question and the last history item; the rest is the settings'.
  const askQuery = createMiddleware<{ Variables: AskVariables }>(async (c, next) => {
    const parsed = ragAskQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: firstIssue(parsed.error) }, 400);
    c.set("ask", { question: parsed.data.question, chat_history: parsed.data.chat_history_json });
    await next();
  });

  // spec 001 §7: `{indices, default, path}` — only indexes the caller may use.
  app.get(API_PATHS.indicesList, access.signedIn, async (c) => {
    const user = c.get("user");
    const indexes = planById(user.plan).rag_enabled ? await usableIndexes(db, user.id) : [];
    const names = indexes.map((index) => index.name);
    const configured = (await readSettings(db)).data.rag_index_names.find((name) => names.includes(name));
    const fallback = names.includes(DEMO_INDEX) ? DEMO_INDEX : (names[0] ?? "");
    return c.json({
      indices: names,
      default: configured ?? fallback,
      path: "rag_indexes",
      details: indexes.map((index) => ({
        name: index.name,
        label: index.label,
        shared: index.ownerId === null,
        documents: index.documents,
        bytes: index.bytes,
        // issue 36 §3: the demo's example questions, for its empty screen.
        ...(index.name === DEMO_INDEX && index.ownerId === null ? { examples: [...DEMO_EXAMPLE_QUESTIONS] } : {}),
      })),
    });
  });

  // An answer still running when a stopping server's time runs out ends with its reason.
  const endsOnStop = endsWhenServerStops(deps.serverStop, ragStreamClosing, deps.admission.cuts);
  // Issue 55 §1: a process past what it can carry refuses the question before anything else.
  const admitted = deps.admission.newQuestion;
  app.post(API_PATHS.askStream, admitted, ragPlans, deps.resumable, endsOnStop, jsonOnly, bodyCeiling(ASK_BODY), askBody, indexOwner, (c) =>
    ask(c),
  );
  app.get(API_PATHS.askStream, admitted, ragPlans, deps.resumable, endsOnStop, askQuery, indexOwner, (c) => ask(c));

  async function ask(c: AskContext) {
    const user = c.get("user");
    const indexes = c.get("indexes");
    const request = c.get("ask");
    if (!mayAskModel(request.llm_model, c.get("settings")))
      return c.json({ error: ragMessages.modelNotAllowed(request.llm_model ?? "") }, 400);
    const resolved = resolveAsk(request, c.get("settings"));
    // One question, one query (DESIGN.md §4); given back below by the gateway's rule (llm/model-answer.ts).
    // Counted before anything is asked (RAG does not overlap the count with its search), with the
    // chat's questions arriving at the same moment (issue 53 §4: one charge, plans/question-charge.ts).
    const charged = await deps.charges.start(user).charge;
    if (!charged.ok) return c.json(charged.body, charged.status);
    // Given back at most once: by the rule below, or because the server stopped the answer.
    const giveBack = once(charged.refund);
    givenBackIfServerStops(c, giveBack);

    // The admin's provider setting picks the model server (spec 001 §4); an answer is cached per model server.
    const upstream = await providers.upstream();
    const key = cacheKey({ userId: user.id, indexes }, [resolved.cacheInputs, upstream?.provider ?? "offline"]);
    const cached = resolved.cache ? engine.cache.get(key) : null;
    // The question's calls to the model take the gateway's road (llm/model-answer.ts), assembled
    // as the CLI and the benchmarks assemble them (answer/ask-road.ts); a cached answer calls nothing.
    const context = askContext(engine, cached ? null : upstream, env.llm, requestIdOf(c));
    const { model } = context;
    // Cache-Control: no-store for the stream too (streamSSE says no-cache): web/personal-answers.ts.
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      const abort = new AbortController();
      stream.onAbort(() => abort.abort());
      callerSignal(c).addEventListener("abort", () => abort.abort(), { once: true });
      const collected: StreamChunk[] = [];
      let answered = false;
      // Ended unanswered: given back by the road's rule (the model failed while the caller waited).
      const unanswered = (callerLeft: boolean, cause: unknown) =>
        unansweredQuestion({ calls: model, answering: answered, callerLeft, cause }, giveBack);
      try {
        const events = cached ? replay(cached.events) : answerQuestion(context, indexes, resolved.plan, abort.signal);
        for await (const event of events) {
          if (abort.signal.aborted) break;
          if (event.chunk) answered = true;
          collected.push(event);
          await stream.writeSSE({ data: JSON.stringify(event) });
        }
        if (abort.signal.aborted) return await unanswered(true, null);
        await stream.writeSSE({ event: "end", data: "{}" });
        if (resolved.cache && !cached) engine.cache.set(key, { events: forCache(collected) }, resolved.cache.ttlSeconds);
      } catch (error) {
        const callerLeft = abort.signal.aborted;
        abort.abort();
        await unanswered(callerLeft, error);
        if (callerLeft) return;
        // Privacy: what failed, never the question or the answer.
        log.error({ request_id: requestIdOf(c), kind: errorKind(error) }, "RAG: risposta non riuscita");
        await stream.writeSSE({ event: "error", data: JSON.stringify(failureEvent(error)) }).catch(() => {});
      }
    });
  }

  return app;
}

/**
 * The `event: error` of a question that failed: the model silent past the first-token guard gets
 * the chat's 504 words and status; anything else, spec 001 §8's RAG generic error.
 */
function failureEvent(error: unknown): { error: string; status?: 504 } {
  if (error instanceof ModelFailure && error.answerStatus === 504) return { error: ragMessages.modelSilent, status: 504 };
  return { error: ragMessages.generic };
}

async function* replay(events: readonly StreamChunk[]): AsyncGenerator<StreamChunk> {
  yield* events;
}

/** What the cache keeps of an answer: its events, the text in one piece with one warning note. */
function forCache(events: readonly StreamChunk[]): StreamChunk[] {
  const text = withSingleWarning(events.map((event) => event.chunk ?? "").join(""));
  const others = events.filter((event) => event.chunk === undefined);
  const firstSources = others.findIndex((event) => event.sources !== undefined);
  const result = [...others];
  result.splice(firstSources + 1, 0, { chunk: text });
  return result;
}
