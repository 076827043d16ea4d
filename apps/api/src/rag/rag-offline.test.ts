import { citedPassageSchema, defaultSettings } from "@oystar/api-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { bearer, citationNumbers, privateIndex, readAnswer, readEvents, userIdOf } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";
import { vectorStoreAvailable } from "./retrieve/vector-search";

// The RAG engine over HTTP with no language model configured: the offline model answers
// extractively from the demo index (here the five fixture documents) and an enterprise
// customer's own index.

let server: Awaited<ReturnType<typeof startTestServer>>;
let business: string;
let enterprise: string;
let pro: string;

beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
  business = (await signInAs(server.url, "business@oystar.test")).access_token;
  enterprise = (await signInAs(server.url, "enterprise@oystar.test")).access_token;
  pro = (await signInAs(server.url, "pro@oystar.test")).access_token;
  await fetch(`${server.url}/api/me`, { headers: bearer(enterprise) });
  await privateIndex(server.db, "dossier-nebbia", await userIdOf(server.db, "enterprise@oystar.test"), {
    "villa-nebbia.md":
      "Villa Nebbia custodisce settantasette statue di marmo nel suo parco. Le statue furono scolpite tra il 1701 e il 1730 da Giacomo Ferri.",
  });
});
afterAll(() => server.close());

const ask = (token: string, body: unknown) =>
  fetch(`${server.url}/api/ask-stream`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(token) },
    body: JSON.stringify(body),
  });
const queriesUsed = async (token: string) =>
  ((await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(token) })).json()) as { queries_used: number })
    .queries_used;

describe("GET /api/indices/list", () => {
  test("a customer sees the shared demo and their own indexes, never another customer's", async () => {
    const list = async (token: string) =>
      (await (await fetch(`${server.url}/api/indices/list`, { headers: bearer(token) })).json()) as Record<string, unknown>;
    expect(await list(business)).toMatchObject({
      indices: ["gardenroute-demo"],
      default: "gardenroute-demo",
      details: [{ name: "gardenroute-demo", label: "Garden Route", shared: true, documents: 5 }],
    });
    expect((await list(enterprise)).indices).toEqual(["gardenroute-demo", "dossier-nebbia"]);
    // Plans without RAG get an empty list; anonymous callers none at all.
    expect((await list(pro)).indices).toEqual([]);
    expect((await fetch(`${server.url}/api/indices/list`)).status).toBe(401);
  });
});

describe("POST /api/ask-stream", () => {
  test("the event stream: sources, text, sources with confidence, context usage, then `event: end`", async () => {
    const response = await ask(business, { question: "Quanti alberi di limone ci sono nella limonaia di Villa Aurora?" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = await readEvents(response);
    expect(events.at(-1)).toEqual({ event: "end", data: "{}" });
    const payloads = events.slice(0, -1).map((event) => {
      expect(event.event).toBe("message");
      return JSON.parse(event.data) as Record<string, unknown>;
    });
    const kinds = payloads.map((payload) => Object.keys(payload).join(","));
    expect(kinds[0]).toBe("sources");
    expect(kinds.slice(1, -2).every((kind) => kind === "chunk")).toBe(true);
    expect(kinds.slice(-2)).toEqual(["sources", "contextUsage"]);
    const first = (payloads[0]?.sources as Array<Record<string, unknown>>)[0];
    expect(first).toMatchObject({
      filename: "villa-aurora.md",
      title: "Villa Aurora a Castelnuovo",
      url: "https://esempi.oystar.test/giardini/villa-aurora",
      noteNumber: 1,
    });
    expect(typeof first?.chunkId).toBe("string");
    // Issue 38 §1: the cited-passage contract, as a debate's passages have it too.
    expect(citedPassageSchema.parse(first)).toEqual(first);
  });

  test("the offline model answers extractively, says so, and every [n] is a listed source that it quotes", async () => {
    const answer = await readAnswer(await ask(business, { question: "Quanti alberi di limone ci sono nella limonaia di Villa Aurora?" }));
    expect(answer.text).toContain("Modello dimostrativo offline");
    expect(answer.text).toContain("centoquaranta alberi di limone");
    const listed = answer.sources.at(-1) ?? [];
    const cited = citationNumbers(answer.text);
    expect(cited.length).toBeGreaterThan(0);
    for (const number of cited)
      expect(listed.find((candidate) => candidate.noteNumber === number && candidate.support?.cited)).toBeDefined();
    // Quoted word for word from the passage that answers the question: trusted. (A sentence quoted
    // from a passage about something else is not, however exact the quote: issue 23 §4.)
    const answering = listed.find((candidate) => candidate.support?.cited && candidate.filename === "villa-aurora.md");
    expect(answering?.support?.confidence).toBeGreaterThan(0.9);
    expect(answer.text).not.toContain("⚠️");
    // Issue 52 §3: each passage its own figures — its retrieval score against the best found (1 for
    // the best), and for a cited one how well it backs its sentences — not the answer's figure repeated.
    const retrieval = listed.map((candidate) => candidate.support?.retrieval);
    expect(retrieval.every((score) => typeof score === "number" && score >= 0 && score <= 1)).toBe(true);
    expect(Math.max(...(retrieval as number[]))).toBe(1);
    expect(new Set(retrieval).size).toBeGreaterThan(1);
    for (const candidate of listed)
      expect(typeof candidate.support?.backing === "number").toBe(
        candidate.support?.cited === true && candidate.support.confidence !== null,
      );
  });

  // Issue 23 §3: retrieval always finds some passage; evidence decides whether it answers.
  test("a question the documents cannot answer: 'not in the documents', no source listed, still one query", async () => {
    const before = await queriesUsed(business);
    const answer = await readAnswer(
      await ask(business, { question: "Qual è il prezzo del biglietto aereo Roma-Tokyo?", use_cache: false }),
    );
    expect(answer.text).toBe("Non ho trovato questa informazione nei documenti dell'indice.");
    expect(answer.sources).toEqual([[]]);
    expect(answer.ended).toBe(true);
    expect(await queriesUsed(business)).toBe(before + 1);
    // A question they do answer still gets its answer and its sources.
    const answered = await readAnswer(await ask(business, { question: "Per chi fu costruita Villa Aurora?", use_cache: false }));
    expect(answered.text).toContain("Ferrante Bassi");
    expect(answered.sources.at(-1)?.some((source) => source.support?.cited)).toBe(true);
  });

  test("a question costs one query", async () => {
    const before = await queriesUsed(business);
    await readAnswer(await ask(business, { question: "Quando si pota l'ulivo?", use_cache: false }));
    expect(await queriesUsed(business)).toBe(before + 1);
  });

  test("plans without RAG get 403 before the body is even read", async () => {
    const response = await fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(pro) },
      body: "{not json",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Il RAG è riservato ai piani Business o Enterprise." });
    expect((await fetch(`${server.url}/api/ask-stream?question=ciao`, { headers: bearer(pro) })).status).toBe(403);
    expect((await ask("", { question: "ciao" })).status).toBe(401);
  });

  test("another customer's index is refused like a missing one, and never searched", async () => {
    for (const name of ["dossier-nebbia", "indice-inesistente"]) {
      const response = await ask(business, { question: "Quante statue ha Villa Nebbia?", index_names: [name] });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: `Indice non disponibile: «${name}».` });
    }
    // Searching everything the business customer may use never reaches the enterprise's documents.
    const answer = await readAnswer(await ask(business, { question: "Quante statue ha Villa Nebbia?", use_cache: false }));
    expect(answer.sources.flat().map((source) => source.filename)).not.toContain("villa-nebbia.md");
    const own = await readAnswer(await ask(enterprise, { question: "Quante statue ha Villa Nebbia?", index_names: ["dossier-nebbia"] }));
    expect(own.text).toContain("settantasette statue");
  });

  test("the cache never crosses customers: the same question gives each their own answer", async () => {
    const question = { question: "Chi scolpì le statue di Villa Nebbia e quando?" };
    const first = await readAnswer(await ask(enterprise, question));
    expect(first.sources[0]?.map((source) => source.filename)).toContain("villa-nebbia.md");
    const other = await readAnswer(await ask(business, question));
    expect(other.sources.flat().map((source) => source.filename)).not.toContain("villa-nebbia.md");
    expect(other.text).not.toContain("Giacomo Ferri");
    // The enterprise's second ask is served from its cache: the same answer.
    const again = await readAnswer(await ask(enterprise, question));
    expect(again.text).toBe(first.text);
    expect(again.sources.at(-1)).toEqual(first.sources.at(-1));
  });

  test("bad requests get 400 with an Italian message", async () => {
    const cases: Array<[unknown, string]> = [
      [{ question: "   " }, "Scrivi una domanda"],
      [{ question: "x", top_k_retrieval_per_index: 500 }, "Passaggi cercati per indice (top-K retrieval): il valore massimo è 100"],
      [{ question: "x", deduplication_threshold: 0.01 }, "Soglia di deduplicazione: il valore minimo è 0.1"],
      [{ question: "x", use_reranker: "sì" }, "Riordino dei passaggi (reranker): deve essere vero o falso"],
      [{ question: "x", colore: "blu" }, ""],
      [{ question: "x", chat_history: [{ role: "system", content: "y" }] }, "Cronologia: ruolo del messaggio non valido"],
    ];
    for (const [body, message] of cases) {
      const response = await ask(business, body);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: string };
      if (message) expect(error).toBe(message);
      else expect(error.length).toBeGreaterThan(0);
    }
    const notJson = await fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(business) },
      body: "{",
    });
    expect(notJson.status).toBe(400);
  });

  test("from 90 % of the context a summary replaces the conversation", async () => {
    const long = "Parliamo ancora dei giardini storici e delle loro fontane. ".repeat(500);
    const history = [
      { role: "user", content: `Prima domanda sul labirinto di bosso ${long}` },
      { role: "assistant", content: long },
    ];
    const answer = await readAnswer(await ask(business, { question: "Quanto sono alte le siepi del labirinto?", chat_history: history }));
    expect(answer.contextUsage).toBeGreaterThanOrEqual(90);
    expect(answer.summary).toContain("Riepilogo della conversazione precedente");
    expect(answer.summary).toContain("- Prima domanda sul labirinto di bosso Parliamo");
  });
});

describe("GET /api/ask-stream", () => {
  test("takes the question and the last history item as JSON", async () => {
    const params = new URLSearchParams({
      question: "In che anno fu fondato l'Orto dei Semplici?",
      chat_history_json: JSON.stringify({ role: "user", content: "Parlami degli orti botanici." }),
    });
    const answer = await readAnswer(await fetch(`${server.url}/api/ask-stream?${params}`, { headers: bearer(business) }));
    expect(answer.ended).toBe(true);
    expect(answer.text).toContain("1545");
    const bad = await fetch(`${server.url}/api/ask-stream?${new URLSearchParams({ question: "x", chat_history_json: "{" })}`, {
      headers: bearer(business),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "chat_history_json non è un JSON valido" });
  });
});

describe("the admin's spell check and field extraction (spec 001 §3, §9)", () => {
  const saveSettings = async (change: Partial<typeof defaultSettings>) => {
    const admin = (await signInAs(server.url, "admin@oystar.test")).access_token;
    const saved = await fetch(`${server.url}/api/settings`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(admin) },
      body: JSON.stringify({ ...defaultSettings, ...change }),
    });
    expect(saved.status).toBe(200);
  };

  test("off (the default) a `titolo:` qualifier is words like the others; on, it keeps the answer to that document, typos corrected", async () => {
    const question = "Quanti limoni ripara la limonaja d'inverno? titolo:aurora";
    const before = await readAnswer(await ask(business, { question }));
    // Off: `titolo:aurora` is two more words, and every document is searched.
    expect(new Set(before.sources.at(-1)?.map((source) => source.filename)).size).toBeGreaterThan(1);
    try {
      await saveSettings({ rag_enable_spell_check: true, rag_use_field_extraction: true });
      const after = await readAnswer(await ask(business, { question }));
      expect(after.text).toContain("trovano riparo centoquaranta alberi di limone");
      expect(new Set(after.sources.at(-1)?.map((source) => source.filename))).toEqual(new Set(["villa-aurora.md"]));
    } finally {
      await saveSettings({});
    }
  });
});

describe("GET /api/health", () => {
  test("says which retrieval stages run, and names the local embedder and scorer for what they are", async () => {
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { rag: Record<string, unknown> };
    // Offline, BM25 alone runs: the local vectors, the local scorer and deduplication lost to it
    // on the evaluation's test half (retrieval-stages.ts), whatever the settings ask.
    expect(health.rag).toEqual({
      full_text: "bm25-italian",
      vector_leg: "off",
      // Where pgvector is missing (the PostgreSQL leg), that is the reason given first.
      vector_leg_reason: (await vectorStoreAvailable(server.db))
        ? expect.stringMatching(/^L'embedder locale è lessicale/)
        : "pgvector non è installato in questo PostgreSQL: la ricerca usa solo il full-text.",
      reranking: "off",
      reranking_reason: expect.stringMatching(/^Il reranker locale è un punteggio lessicale/),
      deduplication: "off",
      deduplication_reason: expect.stringMatching(/^La deduplicazione può solo togliere passaggi/),
      embedder: { name: "oystar-hashed-char-ngrams-256", kind: "local-lexical", dimensions: 256 },
      reranker: { name: "oystar-local-feature-scorer", kind: "local-feature-scorer" },
    });
  });
});
