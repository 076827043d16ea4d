import { healthSchema } from "@oystar/api-client";
import { expect, test } from "vitest";
import { createAccess } from "../auth/access";
import type { Database } from "../db/database";
import { type RagHealth } from "../rag";
import type { Upstream } from "../env";
import { healthRoutes } from "./health-routes";

// GET /api/health is public: no database, no token is ever needed to answer it.
const access = createAccess(null as unknown as Database, () => Promise.reject(new Error("no tokens here")), []);
const rag: RagHealth = {
  full_text: "bm25-italian",
  vector_leg: "off",
  vector_leg_reason: "l'embedder locale non è semantico",
  reranking: "off",
  reranking_reason: "il reranker locale non è un cross-encoder",
  deduplication: "off",
  deduplication_reason: "toglie risposte giuste",
  embedder: { name: "local", kind: "local-lexical", dimensions: 384 },
  reranker: { name: "local", kind: "local-feature-scorer" },
};

const probe = async () => ({ healthy: true, checkedAt: "2026-03-04T10:00:00.000Z" });

/** The health of a server whose chosen provider is `upstream` (null: the offline model). */
async function health(upstream: Upstream["provider"] | null) {
  const chosen = upstream
    ? { upstream: { provider: upstream, baseUrl: "http://modelli.test/v1", apiKey: null }, health: await probe() }
    : null;
  const response = await healthRoutes(access, {
    version: "1.2.3",
    startedAt: Date.now(),
    providers: { health: async () => chosen },
    rag: () => rag,
    draining: () => false,
  }).request("/api/health");
  return healthSchema.parse(await response.json());
}

test.each(["local", "cloud"] as const)("the chosen provider, %s, says where it runs", async (upstream) => {
  expect((await health(upstream)).model).toMatchObject({ provider: "openai-compatible", upstream, offline: false, healthy: true });
});

test("the offline model names no upstream", async () => {
  const { model } = await health(null);
  expect(model).toMatchObject({ provider: "offline", offline: true });
  expect(model?.upstream).toBeUndefined();
});
