import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { openDatabase } from "../db/database";
import { bearer, readAnswer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";
import { EmbeddingError, localEmbedding, remoteEmbedder } from "./embedder";
import { remoteReranker, RerankError, type RerankCandidate } from "./retrieve/reranker";

// The RAG engine with its two remote services (DESIGN.md §6): an OpenAI-compatible /embeddings
// endpoint (EMBEDDINGS_BASE_URL) and a cross-encoder behind /rerank (RERANKER_BASE_URL). Both
// are played by one local fake over real HTTP — the only double: third parties we cannot run.
// Its embeddings are real vectors (the local embedder's, at 32 dimensions); its cross-encoder
// has an opinion no local scorer would share: the hedge maze first, whatever the question.

const DIMENSIONS = 32;
type Call = {
  path: string;
  authorization: string | undefined;
  body: { model?: string; input?: string[]; query?: string; documents?: string[] };
};
let calls: Call[] = [];
let embeddings: "vectors" | "wrong-size" | "shuffled" = "vectors";
let reranking: "maze-first" | "tei" | "fail" = "maze-first";
let fake: Server;
let base = "";

function serve(request: IncomingMessage, response: ServerResponse) {
  let raw = "";
  request.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  request.on("end", () => {
    const body = JSON.parse(raw) as Call["body"];
    calls.push({ path: request.url ?? "", authorization: request.headers.authorization, body });
    if (request.url === "/v1/embeddings") {
      const input = body.input ?? [];
      const data = input.map((text, index) => ({
        object: "embedding",
        index,
        embedding: Array.from(localEmbedding(text, embeddings === "wrong-size" ? 16 : DIMENSIONS)),
      }));
      return response
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ object: "list", data: embeddings === "shuffled" ? data.reverse() : data }));
    }
    if (request.url === "/v1/rerank") {
      if (reranking === "fail") return response.writeHead(503).end("occupato");
      const scores = (body.documents ?? []).map((document, index) => ({
        index,
        score: document.toLowerCase().includes("labirinto") ? 10 - index / 100 : -index / 100,
      }));
      const answer = reranking === "tei" ? scores : { results: scores.map(({ index, score }) => ({ index, relevance_score: score })) };
      return response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(answer));
    }
    response.writeHead(404).end();
  });
}

beforeAll(async () => {
  fake = createServer(serve);
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));
beforeEach(() => {
  calls = [];
  embeddings = "vectors";
  reranking = "maze-first";
});

describe("the remote embedder (OpenAI-compatible /embeddings)", () => {
  const embedder = () => remoteEmbedder({ baseUrl: base, apiKey: "chiave-embedding", model: "bge-m3", dimensions: DIMENSIONS });

  test("sends the model and the key, in batches of 64, and keeps the order the answer's indexes give", async () => {
    const texts = Array.from({ length: 130 }, (_, index) => `Il giardino numero ${index} ha ${index} rose.`);
    embeddings = "shuffled";
    const vectors = await embedder().embed(texts);
    expect(calls.map((call) => call.body.input?.length)).toEqual([64, 64, 2]);
    expect(
      calls.every(
        (call) => call.path === "/v1/embeddings" && call.authorization === "Bearer chiave-embedding" && call.body.model === "bge-m3",
      ),
    ).toBe(true);
    expect(vectors).toHaveLength(130);
    expect(Array.from(vectors[7]!)).toEqual(Array.from(localEmbedding(texts[7]!, DIMENSIONS)).map((value) => expect.closeTo(value, 5)));
  });

  test("vectors of another size are refused, naming the size expected", async () => {
    embeddings = "wrong-size";
    await expect(embedder().embed(["una rosa"])).rejects.toThrow(
      new EmbeddingError(`Il servizio di embedding non ha restituito vettori di ${DIMENSIONS} dimensioni`),
    );
  });
});

describe("the remote cross-encoder (POST /rerank)", () => {
  const candidate = (title: string, text: string) => ({ chunkId: title, title, text }) as RerankCandidate;
  const candidates = [
    candidate("Le rose", "Il roseto fiorisce a maggio."),
    candidate("Il labirinto", "Le siepi del labirinto sono di bosso."),
  ];

  test("sends the question and title + text of each passage; reads the Jina/Cohere answer and TEI's", async () => {
    const reranker = remoteReranker({ baseUrl: base, apiKey: "chiave-reranker", model: "bge-reranker-v2-m3" });
    const scores = await reranker.score("Quando fioriscono le rose?", candidates);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(calls[0]).toEqual({
      path: "/v1/rerank",
      authorization: "Bearer chiave-reranker",
      body: {
        model: "bge-reranker-v2-m3",
        query: "Quando fioriscono le rose?",
        documents: ["Le rose\nIl roseto fiorisce a maggio.", "Il labirinto\nLe siepi del labirinto sono di bosso."],
      },
    });
    reranking = "tei";
    expect(await reranker.score("Quando fioriscono le rose?", candidates)).toEqual(scores);
  });

  test("an answer that is not 2xx is an error naming the status", async () => {
    reranking = "fail";
    await expect(remoteReranker({ baseUrl: base, apiKey: null, model: null }).score("?", candidates)).rejects.toThrow(
      new RerankError("Il reranker ha risposto 503"),
    );
  });
});

describe("the server with both services configured", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let business: string;
  beforeAll(async () => {
    server = await startTestServer(
      {
        OFFLINE_MODEL_CHARS_PER_SECOND: "1000000",
        EMBEDDINGS_BASE_URL: base,
        EMBEDDINGS_API_KEY: "chiave-embedding",
        EMBEDDINGS_DIMENSIONS: String(DIMENSIONS),
        RERANKER_BASE_URL: base,
        RERANKER_API_KEY: "chiave-reranker",
        RERANKER_MODEL: "bge-reranker-v2-m3",
        // The embeddings service's vectors need pgvector: the embedded PostgreSQL has it, whatever
        // database the rest of the suite runs on (Debian's PostgreSQL 15 has none).
      },
      { db: await openDatabase({ dataDir: null }) },
    );
    business = (await signInAs(server.url, "business@oystar.test")).access_token;
  });
  afterAll(() => server.close());

  const ask = (question: string) =>
    fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(business) },
      body: JSON.stringify({ question, use_cache: false }),
    });

  test("/api/health names them for what they are", async () => {
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { rag: Record<string, unknown> };
    expect(health.rag).toMatchObject({
      vector_leg: "on",
      embedder: { name: `bge-m3-${DIMENSIONS}`, kind: "remote", dimensions: DIMENSIONS },
      reranker: { name: "bge-reranker-v2-m3", kind: "remote-cross-encoder" },
    });
  });

  test("a question is embedded by the service and the passages come in the cross-encoder's order", async () => {
    const answer = await readAnswer(await ask("Quanti alberi di limone ci sono nella limonaia di Villa Aurora?"));
    expect(answer.ended).toBe(true);
    expect(calls.find((call) => call.path === "/v1/embeddings")?.body.input).toEqual([
      "Quanti alberi di limone ci sono nella limonaia di Villa Aurora?",
    ]);
    expect(calls.find((call) => call.path === "/v1/rerank")?.body.query).toBe(
      "Quanti alberi di limone ci sono nella limonaia di Villa Aurora?",
    );
    // The fake cross-encoder puts the hedge maze first, whatever is asked: its verdict is the one used.
    expect(answer.sources[0]?.[0]?.filename).toBe("labirinto-di-bosso.md");
  });

  test("a cross-encoder that fails does not fail the answer: the first stage's order stands", async () => {
    reranking = "fail";
    const answer = await readAnswer(await ask("Quanti alberi di limone ci sono nella limonaia di Villa Aurora?"));
    expect(answer.ended).toBe(true);
    expect(answer.sources[0]?.[0]?.filename).toBe("villa-aurora.md");
    expect(answer.text).toContain("centoquaranta alberi di limone");
  });

  test("an embedding service that answers nonsense: the generic error, and the question is not charged", async () => {
    const used = async () =>
      ((await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(business) })).json()) as { queries_used: number })
        .queries_used;
    const before = await used();
    embeddings = "wrong-size";
    const answer = await readAnswer(await ask("Quando fioriscono le ortensie?"));
    expect(answer.error).toBe("Mi dispiace, si è verificato un errore durante l'elaborazione della tua richiesta. Riprova.");
    expect(await used()).toBe(before);
  });
});
