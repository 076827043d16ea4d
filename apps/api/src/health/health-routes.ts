import { API_PATHS, OFFLINE_MODEL } from "@oystar/api-client";
import { Hono } from "hono";
import type { Access } from "../auth/access";
import type { ModelProviders } from "../llm/model-providers";
import { type RagHealth } from "../rag";

/**
 * GET /api/health (public): liveness, version, and the model's state — the offline one says so
 * (DESIGN.md §6); a configured model says where it runs (the chat sends a local one its
 * templates' local extras, spec 001 §3) and is probed (spec 001 §7, llm/model-health.ts); an
 * unhealthy one makes the whole answer "degraded". The RAG engine says which retrieval legs run.
 * A server draining before it stops answers 503 "draining".
 */
export function healthRoutes(
  access: Access,
  options: { version: string; startedAt: number; providers: Pick<ModelProviders, "health">; rag: () => RagHealth; draining: () => boolean },
) {
  return new Hono().get(API_PATHS.health, access.public, async (c) => {
    c.header("Cache-Control", "no-store");
    // A server about to stop (issue 37 §3): 503, so that a balancer sends it nothing new.
    if (options.draining()) return c.json({ status: "draining" as const, version: options.version }, 503);
    // The provider the admin chose (spec 001 §4), probed the way spec 001 §7 says.
    const chosen = await options.providers.health();
    const probed = chosen ? { upstream: chosen.upstream.provider, ...chosen.health } : null;
    return c.json({
      status: probed && !probed.healthy ? ("degraded" as const) : ("ok" as const),
      version: options.version,
      uptime_seconds: Math.round((Date.now() - options.startedAt) / 1000),
      model: probed
        ? {
            provider: "openai-compatible" as const,
            upstream: probed.upstream,
            offline: false,
            healthy: probed.healthy,
            checked_at: probed.checkedAt,
          }
        : { provider: "offline" as const, offline: true, name: OFFLINE_MODEL, healthy: true },
      // Which retrieval legs run and with what (the vector leg is off without pgvector).
      rag: options.rag(),
    });
  });
}
