import { chatCompletionRequestSchema, LISTED_MODELS, OFFLINE_MODEL, resetRequestSchema, supportsReasoning } from "@oystar/api-client";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Readable } from "node:stream";
import type { z } from "zod";
import type { Access } from "../auth/access";
import type { Database } from "../db/database";
import type { Env } from "../env";
import { modelCallCharge } from "../plans/model-call-charge";
import { nodeStreamAnswer } from "../web/node-stream-answer";
import { bodyCeiling, jsonOnly, SIGNED_IN_BODY_MS } from "../web/request-body";
import { llmMessages } from "./messages";
import { HEALTH_TIMEOUT_MS } from "./model-health";
import { composeOfflineDebateReply } from "./offline-debate";
import { composeOfflineReply, offlineCompletion, offlineStream } from "./offline-model";
import { completionsEndpoint, postUpstream, upstreamAuthorization, type UpstreamEndpoint, type UpstreamResponse } from "./upstream-request";

type Upstream = NonNullable<Env["llm"]["upstream"]>;

/**
 * spec 001 §5, §9: at most 400,000 characters of content; in JSON each may take up to 6 bytes
 * (a `\uXXXX` escape), plus the envelope of up to 200 messages.
 */
const CHAT_BODY = { maxBytes: 400_000 * 6 + 64 * 1024, tooLarge: llmMessages.conversationTooLong, readTimeoutMs: SIGNED_IN_BODY_MS };
/** A reset names a provider and a few models. */
const RESET_BODY = { maxBytes: 4 * 1024 };

type ChatRequest = z.output<typeof chatCompletionRequestSchema>;

/** The body, read within its ceiling, must be a valid chat-completions request (400 otherwise). */
const validChatRequest: MiddlewareHandler<{ Variables: { chatRequest: ChatRequest } }> = async (c, next) => {
  const parsed = chatCompletionRequestSchema.safeParse(await c.req.json().catch(() => null));
  if (!parsed.success) return c.json({ error: parsed.error.issues[0]?.message ?? llmMessages.invalidRequest }, 400);
  c.set("chatRequest", parsed.data);
  await next();
};

const streamHeaders = { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" };

/**
 * The LLM gateway (DESIGN.md §5): OpenAI-compatible, signed-in, one query charged per question
 * (or one call of the caller's debate) and refunded if the model fails before its first token.
 * Message content is never logged or stored: it only passes through.
 */
export function llmRoutes(access: Access, db: Database, env: Env) {
  const app = new Hono();
  const upstream = env.llm.upstream;

  // The charge — a question of the quota, or a call of the caller's debate — is a policy of the
  // route (plans/model-call-charge.ts); it is under way when the handler starts.
  app.post("/groq/chat/completions", access.signedIn, jsonOnly, bodyCeiling(CHAT_BODY), validChatRequest, modelCallCharge(db), async (c) => {
    const request = c.get("chatRequest");
    const charging = c.get("charge");

    if (!upstream) {
      const charged = await charging;
      if (!charged.ok) return c.json(charged.body, charged.status);
      const reply = composeOfflineDebateReply(request.messages) ?? composeOfflineReply(request.messages);
      if (!request.stream) return c.json(offlineCompletion(reply));
      return new Response(offlineStream(reply, env.llm.offlineCharsPerSecond, c.req.raw.signal), { headers: streamHeaders });
    }
    // The model is asked while the quota is charged (issue 15: the first token waits for the
    // slower of the two, not for both); a refused charge cancels the call before a byte is read.
    const call = callUpstream(completionsEndpoint(upstream), forUpstream(request, upstream), c.req.raw.signal);
    const charged = await charging;
    if (!charged.ok) {
      call.cancel();
      return c.json(charged.body, charged.status);
    }
    return relay(c, call, charged.refund);
  });

  app.get("/groq/models", access.signedIn, async (c) => {
    if (!upstream) return c.json({ object: "list", data: [{ id: OFFLINE_MODEL, object: "model", owned_by: "oystar", offline: true }] });
    const response = await fetch(`${upstream.baseUrl}/models`, { headers: upstreamAuthorization(upstream), signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) }).catch(() => null);
    if (!response?.ok) return c.json({ error: llmMessages.upstreamUnavailable }, 502);
    // spec 001 §9: only the models the product lists, whatever else the provider serves.
    const models = (await response.json().catch(() => null)) as { data?: Array<{ id?: unknown }> } | null;
    const listed = (models?.data ?? []).filter((model) => typeof model.id === "string" && (LISTED_MODELS as readonly string[]).includes(model.id));
    return c.json({ object: "list", data: listed });
  });

  // spec 001 §7: a "connection reset" answers with what it did.
  app.post("/api/ollama/reset", access.signedIn, jsonOnly, bodyCeiling(RESET_BODY), async (c) => {
    const parsed = resetRequestSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: llmMessages.invalidReset }, 400);
    if (!upstream) {
      return c.json({ status: "success", message: llmMessages.offlineReset, details: { actions: [llmMessages.offlineResetAction] } });
    }
    const reachable = await fetch(`${upstream.baseUrl}/models`, { headers: upstreamAuthorization(upstream), signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
      .then((response) => response.ok)
      .catch(() => false);
    return c.json({
      status: reachable ? "success" : "error",
      message: reachable ? llmMessages.reset : llmMessages.resetFailed,
      details: { actions: [llmMessages.resetCheck(reachable), ...parsed.data.models.map(llmMessages.resetModel)] },
    });
  });

  return app;
}

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

/** A request to the model under way: its answer's head, and a way to call it off. */
type UpstreamCall = { response: Promise<UpstreamResponse>; abort: AbortController; cancel: () => void };

/** Starts the model's request now; a client that goes away aborts it at once. */
function callUpstream(completions: UpstreamEndpoint, body: unknown, clientSignal: AbortSignal): UpstreamCall {
  const abort = new AbortController();
  clientSignal.addEventListener("abort", () => abort.abort(), { once: true });
  const response = postUpstream(completions, JSON.stringify(body), abort.signal);
  return {
    response,
    abort,
    cancel: () => {
      abort.abort();
      response.then((answer) => answer.body.destroy(), () => {}).catch(() => {});
    },
  };
}

/**
 * Streams the upstream's answer through unchanged. A failure before the first byte of the answer
 * gives the charge back.
 */
async function relay(c: Context, call: UpstreamCall, refund: () => Promise<void>): Promise<Response> {
  const fail = async (status: number) => {
    await refund();
    return c.json({ error: llmMessages.upstreamUnavailable, upstream_status: status }, 502);
  };
  let response: UpstreamResponse;
  try {
    response = await call.response;
  } catch {
    return fail(0);
  }
  if (response.status < 200 || response.status >= 300) {
    response.body.destroy();
    return fail(response.status);
  }
  const first = await firstChunk(response.body);
  if (!first) return fail(response.status);
  return nodeStreamAnswer(first, response.body, { headers: { ...streamHeaders, "Content-Type": response.contentType ?? streamHeaders["Content-Type"] } }, () =>
    call.abort.abort(),
  );
}

/** The answer's first bytes, or null when it fails or ends before any; the rest waits, paused. */
function firstChunk(body: Readable): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const settle = (chunk: Buffer | null) => {
      body.pause();
      body.off("data", onData).off("end", onNone).off("error", onNone).off("close", onNone);
      resolve(chunk);
    };
    const onData = (chunk: Buffer) => settle(chunk);
    const onNone = () => settle(null);
    body.on("data", onData).on("end", onNone).on("error", onNone).on("close", onNone);
  });
}
