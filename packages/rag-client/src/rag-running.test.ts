import { defaultSettings, type Health } from "@oystar/api-client";
import { expect, test } from "vitest";
import { ragRunning, stagesThatCannotRun } from "./rag-running";
import { ragSettingsOf } from "./rag-settings";

// Issue 23 §6: the panel tells what runs, as GET /api/health says, and what the settings ask when it differs.
const settings = {
  ...ragSettingsOf(defaultSettings),
  rag_embed_model: "bge-m3",
  rag_use_reranker: true,
  rag_llm_model: "openai/gpt-oss-120b",
};
const local: Health = {
  status: "ok",
  version: "1",
  model: { offline: true, name: "oystar-offline" },
  rag: {
    embedder: { name: "oystar-hashed-char-ngrams-256", kind: "local-lexical" },
    reranker: { name: "oystar-local-feature-scorer", kind: "local-feature-scorer" },
  },
};

test("the local services and the offline model, beside the settings' bge-m3 and model", () => {
  expect(ragRunning(local, settings)).toEqual({
    embedder: { running: "locale (lessicale)", asked: "bge-m3" },
    reranker: { running: "Attivo · locale (lessicale)", asked: null },
    model: { running: "Modello dimostrativo offline", asked: "openai/gpt-oss-120b" },
  });
});

test("a server that reranks nowhere though the settings ask it to says so", () => {
  const health = { ...local, rag: { ...local.rag!, reranking: "off" as const } };
  expect(ragRunning(health, settings)?.reranker).toEqual({ running: "Disattivo", asked: "Attivo" });
  expect(ragRunning(health, { ...settings, rag_use_reranker: false })?.reranker).toEqual({ running: "Disattivo", asked: null });
});

test("the services the settings name, running: nothing to add", () => {
  const remote: Health = {
    status: "ok",
    version: "1",
    model: { offline: false, healthy: true },
    rag: {
      embedder: { name: "bge-m3", kind: "remote" },
      reranker: { name: "bge-reranker-v2-m3", kind: "remote-cross-encoder" },
      reranking: "on",
    },
  };
  expect(ragRunning(remote, settings)).toEqual({
    embedder: { running: "bge-m3", asked: null },
    reranker: { running: "Attivo · bge-reranker-v2-m3", asked: null },
    model: { running: "openai/gpt-oss-120b", asked: null },
  });
});

test("unknown until the health is read", () => {
  expect(ragRunning(null, settings)).toBeNull();
  expect(ragRunning({ status: "ok", version: "1" }, settings)).toBeNull();
});

// Issue 36 §2: the stages the admin's panel shows off and disabled, each with the server's reason.
test("the stages a server cannot run, with why", () => {
  const offlineLexical: Health = {
    ...local,
    rag: {
      ...local.rag!,
      reranking: "off",
      reranking_reason: "niente cross-encoder",
      vector_leg: "off",
      vector_leg_reason: "niente pgvector",
      deduplication: "off",
    },
  };
  expect(stagesThatCannotRun(offlineLexical)).toEqual({
    rag_use_reranker: "niente cross-encoder",
    rag_use_fused_retrieval: "niente pgvector",
    rag_use_deduplication: "Questa fase non può funzionare su questo server.",
    rag_use_multi_query: "Richiede un modello linguistico collegato: con il modello dimostrativo offline questa fase non può funzionare.",
    rag_use_hyde: "Richiede un modello linguistico collegato: con il modello dimostrativo offline questa fase non può funzionare.",
  });
  const everything: Health = {
    ...local,
    model: { offline: false, healthy: true },
    rag: { ...local.rag!, reranking: "on", vector_leg: "on", deduplication: "on" },
  };
  expect(stagesThatCannotRun(everything)).toEqual({});
  expect(stagesThatCannotRun(null)).toEqual({});
});
