import { healthSchema } from "@oystar/api-client";
import { expect, test } from "vitest";
import { createAccess } from "../auth/access";
import type { Database } from "../db/database";
import type { RagHealth } from "../rag/rag-engine";
import { healthRoutes, type ConfiguredModel } from "./health-routes";

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

async function health(model: ConfiguredModel | null) {
  const response = await healthRoutes(access, { version: "1.2.3", startedAt: Date.now(), model, rag: () => rag }).request("/api/health");
  return healthSchema.parse(await response.json());
}

const probe = async () => ({ healthy: true, checkedAt: "2026-03-04T10:00:00.000Z" });

test.each(["local", "cloud"] as const)("a model configured as %s says where it runs (LLM_PROVIDER)", async (upstream) => {
  expect((await health({ upstream, health: probe })).model).toMatchObject({ provider: "openai-compatible", upstream, offline: false, healthy: true });
});

test("the offline model names no upstream", async () => {
  const { model } = await health(null);
  expect(model).toMatchObject({ provider: "offline", offline: true });
  expect(model?.upstream).toBeUndefined();
});
