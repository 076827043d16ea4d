import { citedPassage } from "@oystar/conversation/testing";
import { defaultSettings, ragAskRequestSchema, type RagAskRequest } from "@oystar/api-client";
import { MARKERS } from "@oystar/conversation";
import { describe, expect, test } from "vitest";
import type { RagMessage } from "./rag-conversation";
import { buildRagRequest, historyOf } from "./rag-request";
import { configurationView, RAG_CLIENT_DEFAULTS, ragSettingsOf } from "./rag-settings";

const message = (role: RagMessage["role"], content: string, extras: Partial<RagMessage> = {}): RagMessage => ({
  id: content,
  role,
  content,
  timestamp: 0,
  ...extras,
});

describe("the RAG request (spec 001 §3)", () => {
  test("every one of the 27 fields, from the admin's settings, valid for the server's schema", () => {
    const request = buildRagRequest({ question: " Dove? ", settings: ragSettingsOf(defaultSettings), messages: [] });
    const fields: Array<keyof RagAskRequest> = [
      "question",
      "embed_model",
      "llm_model",
      "index_names",
      "top_k_retrieval_per_index",
      "top_k_reranker_final",
      "use_reranker",
      "use_fused_retrieval",
      "use_multi_query",
      "use_hyde",
      "max_query_variations",
      "use_deduplication",
      "deduplication_threshold",
      "use_cache",
      "cache_ttl_seconds",
      "system_prompt",
      "chat_history",
      "enable_citation_validation",
      "semantic_threshold",
      "confidence_threshold",
      "mismatch_threshold",
      "adaptive_validation",
      "valid_weight",
      "semantic_weight",
      "entity_weight",
      "word_weight",
      "text_weight",
    ];
    expect(Object.keys(request).sort()).toEqual([...fields].sort());
    expect(request).toMatchObject({
      question: "Dove?",
      top_k_reranker_final: defaultSettings.rag_top_k_reranker_final,
      use_reranker: defaultSettings.rag_use_reranker,
      confidence_threshold: defaultSettings.rag_confidence_threshold,
      text_weight: defaultSettings.rag_text_weight,
    });
    expect(ragAskRequestSchema.safeParse(request).success).toBe(true);
  });

  test("history: questions, answers and summaries; never cards or failed answers", () => {
    const history = historyOf([
      message("assistant", "Riepilogo…", { kind: "summary" }),
      message("user", "Domanda"),
      message("assistant", "", { card: MARKERS.quotaExceeded }),
      message("user", "Ancora"),
      message("assistant", "Mi dispiace…", { kind: "error" }),
      message("assistant", "Risposta [1].", {
        sources: [
          citedPassage({ noteNumber: 1, chunkId: "1", title: "Fonte" }),
          citedPassage({ noteNumber: 2, chunkId: "2", title: "Non citata" }),
        ],
      }),
    ]);
    expect(history).toEqual([
      { role: "assistant", content: "Riepilogo…" },
      { role: "user", content: "Domanda" },
      { role: "user", content: "Ancora" },
      // Issue 49 §3: an answer names the passages it cites, not the others found.
      { role: "assistant", content: "Risposta [1].", cited: ["1"] },
    ]);
  });
});

describe("the client defaults and the read-only view (spec 001 §9)", () => {
  test("the RAG client defaults of the spec", () => {
    expect(RAG_CLIENT_DEFAULTS).toMatchObject({
      rag_top_k_retrieval: 45,
      rag_top_k_reranker_final: 7,
      rag_use_reranker: false,
      rag_use_fused_retrieval: false,
      rag_use_multi_query: false,
      rag_use_hyde: false,
      rag_max_query_variations: 3,
      rag_use_deduplication: true,
      rag_deduplication_threshold: 0.9,
      rag_use_cache: true,
      rag_cache_ttl_seconds: 3600,
      rag_enable_citation_validation: true,
      rag_enable_spell_check: false,
      rag_use_field_extraction: false,
      rag_semantic_threshold: 0.15,
      rag_confidence_threshold: 0.25,
      rag_mismatch_threshold: 0.8,
      rag_adaptive_validation: true,
      rag_valid_weight: 0.6,
      rag_semantic_weight: 0.4,
      rag_entity_weight: 0.4,
      rag_word_weight: 0.3,
      rag_text_weight: 0.2,
      rag_chat_history_max_tokens: 6144,
      rag_embed_model: "bge-m3",
      rag_llm_model: "openai/gpt-oss-120b",
    });
  });

  test("the view has the 20 fields of spec 001 §3, read from the settings", () => {
    const view = configurationView({ ...RAG_CLIENT_DEFAULTS, rag_index_names: ["gardenroute-demo"], rag_cache_ttl_seconds: 600 });
    expect(Object.keys(view)).toHaveLength(20);
    expect(view).toMatchObject({
      embedModel: "bge-m3",
      topKRetrieval: 45,
      topKReranker: 7,
      cacheTtlSeconds: 600,
      indexNames: ["gardenroute-demo"],
      chatHistoryMaxTokens: 6144,
    });
  });
});
