import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { bearer, readAnswer, readEvents, type RawEvent } from "../../test-support/rag-helpers";
import { signInAs } from "../../test-support/sign-in";

// Issue 33 §3–4: RAG's model calls take the chat's road (llm/model-answer.ts) — the first-token
// guard (504 in Italian, the question given back), the charge that stands once the model has the
// question (given back only when the model fails), the retry of a reset kept-alive connection.
// The model server is a fake OpenAI-compatible one over real HTTP (the only double: a third party).

/** How the model server treats the answer's call (streamed) and the helper calls (multi-query, HyDE). */
type AnswerBehaviour = "answer" | "headers-then-silent" | "never-answers" | "fail-500" | "close-before-first-token" | "reset-every-connection" | "reset-first-reused-connection";
type HelperBehaviour = "answer" | "never-answers";
let answerBehaviour: AnswerBehaviour = "answer";
let helperBehaviour: HelperBehaviour = "answer";
let answerCallsHeard = 0;
let helperCallsHeard = 0;
let resets = 0;
/** This test's calls still open on the model server (their connections not closed yet). */
let openCalls = new Set<ServerResponse>();
const servedSockets = new WeakSet<Socket>();
let upstream: Server;

const ANSWER = "Villa Aurora ha dodici fontane [1].";

function fakeModelServer(req: IncomingMessage, res: ServerResponse) {
  const reused = servedSockets.has(req.socket);
  servedSockets.add(req.socket);
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    const body = JSON.parse(raw) as { stream?: boolean; messages: Array<{ content: string }> };
    const open = openCalls;
    open.add(res);
    res.on("close", () => open.delete(res));
    if (body.stream === false) {
      helperCallsHeard += 1;
      if (helperBehaviour === "never-answers") return;
      const content = body.messages.at(-1)?.content.startsWith("Riformula") ? "Quante fontane ci sono a Villa Aurora?" : "Villa Aurora ha un giardino con fontane.";
      return res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ choices: [{ message: { role: "assistant", content } }] }));
    }
    if (answerBehaviour === "reset-every-connection" || (answerBehaviour === "reset-first-reused-connection" && reused && resets === 0)) {
      resets += 1;
      return req.socket.resetAndDestroy();
    }
    answerCallsHeard += 1;
    if (answerBehaviour === "never-answers") return;
    if (answerBehaviour === "fail-500") return res.writeHead(500).end("boom");
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    if (answerBehaviour === "headers-then-silent") return res.flushHeaders();
    if (answerBehaviour === "close-before-first-token") {
      res.flushHeaders();
      return res.destroy();
    }
    res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: ANSWER } }] })}\n\n`);
    res.end("data: [DONE]\n\n");
  });
}

/** A model server that answers quickly or not at all: every wait below is for an event, never a time. */
let guarded: Awaited<ReturnType<typeof startTestServer>>;
/** The product's default first-token guard (30 s): nothing here waits for it. */
let patient: Awaited<ReturnType<typeof startTestServer>>;
const tokens = new Map<string, string>();

beforeAll(async () => {
  upstream = createServer(fakeModelServer);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const model = { LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1` };
  [guarded, patient] = await Promise.all([startTestServer({ ...model, LLM_FIRST_TOKEN_TIMEOUT_MS: "300" }), startTestServer(model)]);
  for (const server of [guarded, patient]) tokens.set(server.url, (await signInAs(server.url, "business@oystar.test")).access_token);
});
afterAll(async () => {
  await Promise.all([guarded?.close(), patient?.close()]);
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});
beforeEach(() => {
  answerBehaviour = "answer";
  helperBehaviour = "answer";
  answerCallsHeard = 0;
  helperCallsHeard = 0;
  resets = 0;
  openCalls = new Set();
});

type TestServer = typeof guarded;
const QUESTION = { question: "Quante fontane ha Villa Aurora?", use_cache: false };
const WITH_HELPERS = { ...QUESTION, use_multi_query: true, max_query_variations: 2, use_hyde: true };

const ask = (server: TestServer, body: unknown, signal?: AbortSignal) =>
  fetch(`${server.url}/api/ask-stream`, { method: "POST", headers: { "Content-Type": "application/json", ...bearer(tokens.get(server.url)!) }, body: JSON.stringify(body), signal });
/** The caller's count of questions this month, as the usage API tells it. */
const queriesUsed = async (server: TestServer) =>
  ((await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(tokens.get(server.url)!) })).json()) as { queries_used: number }).queries_used;

/** Reads the stream until an event satisfies `until`; the rest is left unread. */
async function readUntil(response: Response, until: (event: RawEvent) => boolean): Promise<RawEvent[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the stream ended first");
    text += decoder.decode(value, { stream: true });
    const complete = text.slice(0, text.lastIndexOf("\n\n") + 2);
    const events = await readEvents(new Response(complete));
    if (events.some(until)) return events;
  }
}

/** The chat's 504 (llm/model-answer.ts), as the RAG stream's error event. */
const TIMED_OUT = { event: "error", data: JSON.stringify({ error: "Il modello non risponde. Riprova tra poco.", status: 504 }) };

describe("a model silent past the first-token guard: the stream's Italian 504, the question given back", () => {
  test.each(["headers-then-silent", "never-answers"] as const)("%s, after the sources were sent", async (behaviour) => {
    answerBehaviour = behaviour;
    const before = await queriesUsed(guarded);
    const answer = await readAnswer(await ask(guarded, QUESTION));
    expect(answerCallsHeard).toBe(1);
    expect(answer.sources).toHaveLength(1);
    expect(answer.text).toBe("");
    expect(answer.events.at(-1)).toEqual(TIMED_OUT);
    expect(answer.ended).toBe(false);
    expect(await queriesUsed(guarded)).toBe(before);
    // The model is let go.
    await vi.waitFor(() => expect(openCalls.size).toBe(0));
  });

  test("a model that answers nothing at all, multi-query and HyDE on: the helpers give up, then the answer", async () => {
    answerBehaviour = "never-answers";
    helperBehaviour = "never-answers";
    const before = await queriesUsed(guarded);
    const answer = await readAnswer(await ask(guarded, WITH_HELPERS));
    expect(helperCallsHeard).toBe(2);
    expect(answer.sources[0]?.[0]?.filename).toBe("villa-aurora.md");
    expect(answer.events.at(-1)).toEqual(TIMED_OUT);
    expect(await queriesUsed(guarded)).toBe(before);
    await vi.waitFor(() => expect(openCalls.size).toBe(0));
  });
});

describe("a caller that leaves once the model has the question stays charged", () => {
  test("multi-query and HyDE answered, the sources arrived, the answer at the model", async () => {
    answerBehaviour = "headers-then-silent";
    const before = await queriesUsed(patient);
    const leaving = new AbortController();
    const events = await readUntil(await ask(patient, WITH_HELPERS, leaving.signal), (event) => event.data.includes('"sources"'));
    expect(events.some((event) => event.data.includes('"chunk"'))).toBe(false);
    expect(helperCallsHeard).toBe(2);
    await vi.waitFor(() => expect(answerCallsHeard).toBe(1));
    leaving.abort();
    // The server lets the model go…
    await vi.waitFor(() => expect(openCalls.size).toBe(0));
    // …and the question is not given back: the model worked, the caller has the passages.
    expect(await queriesUsed(patient)).toBe(before + 1);
  });

  test("the answer at the model, before its first token", async () => {
    answerBehaviour = "never-answers";
    const before = await queriesUsed(patient);
    const leaving = new AbortController();
    await readUntil(await ask(patient, QUESTION, leaving.signal), (event) => event.data.includes('"sources"'));
    await vi.waitFor(() => expect(answerCallsHeard).toBe(1));
    leaving.abort();
    await vi.waitFor(() => expect(openCalls.size).toBe(0));
    expect(await queriesUsed(patient)).toBe(before + 1);
  });

  test("multi-query and HyDE at the model, before the sources", async () => {
    helperBehaviour = "never-answers";
    const before = await queriesUsed(patient);
    const leaving = new AbortController();
    const response = await ask(patient, WITH_HELPERS, leaving.signal);
    await vi.waitFor(() => expect(helperCallsHeard).toBe(2));
    leaving.abort();
    await response.text().catch(() => "");
    await vi.waitFor(() => expect(openCalls.size).toBe(0));
    expect(answerCallsHeard).toBe(0);
    expect(await queriesUsed(patient)).toBe(before + 1);
  });
});

describe("the model failing before its first token gives the question back", () => {
  test.each(["fail-500", "close-before-first-token", "reset-every-connection"] as const)("%s, multi-query and HyDE answered", async (behaviour) => {
    answerBehaviour = behaviour;
    const before = await queriesUsed(patient);
    const answer = await readAnswer(await ask(patient, WITH_HELPERS));
    expect(helperCallsHeard).toBe(2);
    expect(answer.sources).toHaveLength(1);
    expect(answer.text).toBe("");
    expect(answer.error).toBe("Mi dispiace, si è verificato un errore durante l'elaborazione della tua richiesta. Riprova.");
    expect(answer.ended).toBe(false);
    expect(await queriesUsed(patient)).toBe(before);
  });
});

test("a kept-alive connection the model server reset is asked again on a new one, as the chat's are: one answer, one question", async () => {
  // A first answer leaves its connection open for the next.
  expect((await readAnswer(await ask(patient, QUESTION))).text).toBe(ANSWER);
  answerBehaviour = "reset-first-reused-connection";
  answerCallsHeard = 0;
  const before = await queriesUsed(patient);
  const answer = await readAnswer(await ask(patient, QUESTION));
  expect(resets).toBe(1);
  expect(answerCallsHeard).toBe(1);
  expect(answer.text).toBe(ANSWER);
  expect(answer.ended).toBe(true);
  expect(await queriesUsed(patient)).toBe(before + 1);
});
