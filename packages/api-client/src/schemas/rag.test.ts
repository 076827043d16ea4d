import { expect, test } from "vitest";
import { indexLabel, ragAskQuerySchema, ragAskRequestSchema } from "./rag";
import { healthSchema, indicesListSchema } from "./service";
import { streamChunkSchema } from "../streams/product-stream";

test("a RAG request needs a question; every knob is optional and bounded like the settings", () => {
  expect(ragAskRequestSchema.parse({ question: "  Quante fontane?  " })).toEqual({ question: "Quante fontane?" });
  const full = ragAskRequestSchema.safeParse({
    question: "x",
    top_k_retrieval_per_index: 45,
    top_k_reranker_final: 7,
    use_reranker: false,
    chat_history: [{ role: "user", content: "ciao" }],
  });
  expect(full.success).toBe(true);
  const tooMany = ragAskRequestSchema.safeParse({ question: "x", top_k_reranker_final: 21 });
  expect(tooMany.error?.issues[0]?.message).toBe("Passaggi tenuti dopo il riordino (top-K reranker): il valore massimo è 20");
  expect(ragAskRequestSchema.safeParse({ question: "" }).error?.issues[0]?.message).toBe("Scrivi una domanda");
  expect(ragAskRequestSchema.safeParse({ question: "x", unknown: 1 }).success).toBe(false);
});

test("issue 49 §3: an answer of the history may name the passages it cited, by chunk id, at most 100", () => {
  const history = (cited: unknown) =>
    ragAskRequestSchema.safeParse({ question: "x", chat_history: [{ role: "assistant", content: "a [1]", cited }] });
  expect(history(["12", "7"]).data?.chat_history).toEqual([{ role: "assistant", content: "a [1]", cited: ["12", "7"] }]);
  expect(history(["1 OR 1=1"]).error?.issues[0]?.message).toBe("Cronologia: identificativo di un passaggio citato non valido");
  // Beyond what PostgreSQL's bigint holds: refused here, never a 500 there.
  expect(history(["9".repeat(19)]).success).toBe(false);
  expect(history("12").error?.issues[0]?.message).toBe("Cronologia: i passaggi citati devono essere un elenco");
  expect(history(Array.from({ length: 101 }, (_, at) => String(at + 1))).error?.issues[0]?.message).toBe(
    "Cronologia: troppi passaggi citati",
  );
});

test("GET form: the last history item as JSON, one message or a list", () => {
  expect(ragAskQuerySchema.parse({ question: "x", chat_history_json: '{"role":"user","content":"prima"}' }).chat_history_json).toEqual([
    { role: "user", content: "prima" },
  ]);
  expect(ragAskQuerySchema.parse({ question: "x" }).chat_history_json).toEqual([]);
  expect(ragAskQuerySchema.safeParse({ question: "x", chat_history_json: "[" }).error?.issues[0]?.message).toBe(
    "chat_history_json non è un JSON valido",
  );
});

test("spec 001 §9: index labels", () => {
  expect(indexLabel("gardenroute-500-it")).toBe("Consigliato (500 documenti)");
  expect(indexLabel("gardenroute-1000")).toBe("Esteso (1000 documenti)");
  expect(indexLabel("gardenroute-demo")).toBe("Garden Route");
  expect(indexLabel("test-indice")).toBe("Test");
  expect(indexLabel("studio-rossi")).toBe("studio-rossi");
});

const passage = {
  noteNumber: 1,
  chunkId: "7",
  document: "gardenroute-demo/a.pdf",
  title: "Il giardino",
  filename: "a.pdf",
  url: null,
  page: 3,
  place: null,
  excerpt: "Il giardino…",
  support: null,
};

test("sources carry a citation confidence; the index list its details", () => {
  const checked = { ...passage, chunkId: "501", support: { cited: true, confidence: 0.93 } };
  expect(streamChunkSchema.parse({ sources: [checked] }).sources?.[0]?.support).toEqual({ cited: true, confidence: 0.93 });
  const list = indicesListSchema.parse({
    indices: ["gardenroute-demo"],
    default: "gardenroute-demo",
    path: "rag_indexes",
    details: [{ name: "gardenroute-demo", label: "Garden Route", shared: true, documents: 72, bytes: 278191 }],
  });
  expect(list.details?.[0]?.label).toBe("Garden Route");
  expect(indicesListSchema.parse({ indices: [], default: "", path: "" }).details).toBeUndefined();
});

// Issue 23 §5, §6: the passages under their document's number, and what the RAG engine runs.
test("a source says its page, its opening and whether the answer cites it; the health says which embedder and reranker run", () => {
  const source = streamChunkSchema.parse({ sources: [passage] }).sources?.[0];
  expect(source).toEqual(passage);
  expect(() => streamChunkSchema.parse({ sources: [{ ...passage, support: { cited: "sì", confidence: null } }] })).toThrow();
  // Issue 38 §1: one strict contract — what the server always knows is there, nothing else is.
  expect(() => streamChunkSchema.parse({ sources: [{ ...passage, cited: true }] })).toThrow();
  expect(() => streamChunkSchema.parse({ sources: [{ filename: "a.pdf", chunkId: "7", noteNumber: 1 }] })).toThrow();
  const health = healthSchema.parse({
    status: "ok",
    version: "1",
    rag: {
      embedder: { name: "oystar-hashed-char-ngrams-256", kind: "local-lexical", dimensions: 256 },
      reranker: { name: "x", kind: "local-feature-scorer" },
      vector_leg: "on",
    },
  });
  expect(health.rag?.embedder.kind).toBe("local-lexical");
  expect(healthSchema.parse({ status: "ok", version: "1" }).rag).toBeUndefined();
});
