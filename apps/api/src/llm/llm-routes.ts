import {
  API_PATHS,
  chatCompletionRequestSchema,
  LISTED_MODELS,
  OFFLINE_MODEL,
  resetRequestSchema,
  supportsReasoning,
} from "@oystar/api-client";
import { Hono, type MiddlewareHandler } from "hono";
import type { z } from "zod";
import { declarePolicy, type Access, type SignedInVariables } from "../auth/access";
import type { Database } from "../db/database";
import type { Env, Upstream } from "../env";
import type { ModelCallCharge } from "../plans/question-charge";
import { firstIssue, jsonBody, jsonBodyAs } from "../web/json-body";
import { bodyCeiling, jsonOnly, SIGNED_IN_BODY_MS } from "../web/request-body";
import { endsWhenServerStops, givenBackIfServerStops, modelStreamClosing } from "../streams/server-stopping";
import { callerSignal } from "../streams/resumable-answers";
import type { StreamedRoad } from "../streams/streamed-road";
import { requestIdOf } from "../observe/request-log";
import { llmMessages } from "./messages";
import { callUpstream, goneBeforeAsking, offlineAnswer, relayAnswer } from "./model-answer";
import type { ModelProviders } from "./model-providers";
import { HEALTH_TIMEOUT_MS } from "./model-health";
import { composeOfflineReply, offlineCompletion } from "./offline-model";
import { upstreamAuthorization } from "./upstream-request";

/**
 * spec 001 §5, §9: at most 400,000 characters of content; in JSON each may take up to 6 bytes
 * (a `\uXXXX` escape), plus the envelope of up to 200 messages.
 */
const CHAT_BODY = { maxBytes: 400_000 * 6 + 64 * 1024, tooLarge: llmMessages.conversationTooLong, readTimeoutMs: SIGNED_IN_BODY_MS };
/** A reset names a provider and a few models. */
const RESET_BODY = { maxBytes: 4 * 1024 };
/** The header pages from before structured debate calls sent a debate's turns with. */
const RETIRED_DEBATE_HEADER = "X-Debate-Id";

type ChatRequest = z.output<typeof chatCompletionRequestSchema>;
type QuestionVariables = SignedInVariables & {
  chatRequest: ChatRequest;
  /** The charge, under way; `overlap` says whether the model may be asked before it is done. */
  question: { overlap: boolean; charge: Promise<ModelCallCharge> };
};

/** A debate's calls go to /api/debates/calls; a stale page sending one here is told to reload. */
const noRetiredDebateCall: MiddlewareHandler = async (c, next) => {
  if (c.req.header(RETIRED_DEBATE_HEADER) !== undefined) return c.json({ error: llmMessages.debateReloadPage }, 400);
  await next();
};

/**
 * The body, read within its ceiling, must be a valid chat-completions request (400 otherwise):
 * the question's charge and the handler read it as `chatRequest`.
 */
const validChatRequest: MiddlewareHandler<{ Variables: QuestionVariables }> = jsonBodyAs(
  "chatRequest",
  chatCompletionRequestSchema,
  firstIssue(llmMessages.invalidRequest),
);

/**
 * The LLM gateway (DESIGN.md §5): OpenAI-compatible, signed-in, one query charged per question.
 * The charge stands once the question has reached the model and is given back only when the
 * model fails (llm/model-answer.ts). Message content is never logged or stored: it only passes
 * through.
 */
export function llmRoutes(access: Access, db: Database, env: Env, providers: ModelProviders, road: StreamedRoad) {
  const app = new Hono();
  const { charges } = road;

  // The charge is a policy of the route: a question of the quota, started here and awaited by
  // the handler — before the model is asked, unless the caller surely has room (question-charge.ts).
  const questionCharge = declarePolicy<MiddlewareHandler<{ Variables: QuestionVariables }>>("a question of the quota", async (c, next) => {
    const question = charges.start(c.get("user"));
    // The handler awaits it; this only keeps a failure from counting as unhandled before then.
    question.charge.catch(() => {});
    c.set("question", question);
    await next();
  });

  app.post(
    API_PATHS.chatCompletions,
    // Issue 55 §1: a process past what it can carry refuses the question before anything else.
    road.admission.newQuestion,
    access.signedIn,
    road.resumable,
    endsWhenServerStops(road.serverStop, modelStreamClosing, road.admission.cuts),
    jsonOnly,
    bodyCeiling(CHAT_BODY),
    noRetiredDebateCall,
    validChatRequest,
    questionCharge,
    async (c) => {
      const request = c.get("chatRequest");
      const { overlap, charge } = c.get("question");
      // The admin's provider setting picks the model server (spec 001 §4), read per question.
      const upstream = await providers.upstream();
      if (!upstream || !overlap) {
        const charged = await charge;
        if (!charged.ok) return c.json(charged.body, charged.status);
        givenBackIfServerStops(c, charged.refund);
        const gone = await goneBeforeAsking(c, charged.refund);
        if (gone) return gone;
        if (!upstream) {
          const reply = composeOfflineReply(request.messages);
          return request.stream ? offlineAnswer(reply, env.llm.offlineCharsPerSecond, callerSignal(c)) : c.json(offlineCompletion(reply));
        }
        return relayAnswer(
          c,
          callUpstream(upstream, forUpstream(request, upstream), callerSignal(c), requestIdOf(c)),
          charged.refund,
          env.llm.firstTokenTimeoutMs,
        );
      }
      // The caller has room: the model is asked while the quota is charged (issue 15), and a
      // refusal after all cancels the call before a byte of its answer is read.
      const call = callUpstream(upstream, forUpstream(request, upstream), callerSignal(c), requestIdOf(c));
      const charged = await charge;
      if (!charged.ok) {
        call.cancel();
        return c.json(charged.body, charged.status);
      }
      givenBackIfServerStops(c, charged.refund);
      return relayAnswer(c, call, charged.refund, env.llm.firstTokenTimeoutMs);
    },
  );

  app.get(API_PATHS.models, access.signedIn, async (c) => {
    const upstream = await providers.upstream();
    if (!upstream) return c.json({ object: "list", data: [{ id: OFFLINE_MODEL, object: "model", owned_by: "oystar", offline: true }] });
    const response = await fetch(`${upstream.baseUrl}/models`, {
      headers: upstreamAuthorization(upstream),
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
    }).catch(() => null);
    if (!response?.ok) return c.json({ error: llmMessages.upstreamUnavailable }, 502);
    const models = (await response.json().catch(() => null)) as { data?: Array<{ id?: unknown }> } | null;
    return c.json({
      object: "list",
      data: (models?.data ?? []).filter((model) => typeof model.id === "string" && offered(upstream, model.id)),
    });
  });

  // spec 001 §7: a "connection reset" answers with what it did.
  app.post(
    API_PATHS.connectionReset,
    access.signedIn,
    jsonOnly,
    bodyCeiling(RESET_BODY),
    jsonBody(resetRequestSchema, llmMessages.invalidReset),
    async (c) => {
      const { models } = c.req.valid("json");
      // The chosen model server's probe (remembered 30 s): a reset never costs more calls to it.
      const probed = await providers.health();
      if (!probed) {
        return c.json({ status: "success", message: llmMessages.offlineReset, details: { actions: [llmMessages.offlineResetAction] } });
      }
      const reachable = probed.health.healthy;
      return c.json({
        status: reachable ? "success" : "error",
        message: reachable ? llmMessages.reset : llmMessages.resetFailed,
        details: { actions: [llmMessages.resetCheck(reachable), ...models.map(llmMessages.resetModel)] },
      });
    },
  );

  return app;
}

/**
 * spec 001 §9: only the models the product lists, whatever else the model server serves; for the
 * cloud provider, only names starting with openai/.
 */
const offered = (upstream: Upstream, id: string) =>
  (LISTED_MODELS as readonly string[]).includes(id) && (upstream.provider === "local" || id.startsWith("openai/"));

/**
 * What the upstream is sent of a request: gpt-oss's reasoning flags only to gpt-oss models, and a
 * template's local extras (spec 001 §3: num_predict, num_ctx, num_thread, num_gpu) only to a model
 * server on the premises — other models and cloud providers do not accept them.
 */
function forUpstream(request: ChatRequest, upstream: Upstream) {
  const { reasoning_effort, include_reasoning, num_predict, num_ctx, num_thread, num_gpu, ...rest } = request;
  return {
    ...rest,
    ...(supportsReasoning(request.model) ? { reasoning_effort, include_reasoning } : {}),
    ...(upstream.provider === "local" ? { num_predict, num_ctx, num_thread, num_gpu } : {}),
  };
}
