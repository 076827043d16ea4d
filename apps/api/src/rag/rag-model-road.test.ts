import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { ANSWER, guardedAndPatientServers, startModelServer, type ModelServer, type TestServer } from "../../test-support/model-server";
import { bearer, readAnswer, readEvents, type RawEvent } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// Issue 33 §3–4: RAG's model calls take the chat's road (llm/model-answer.ts) — the first-token
// guard (504 in Italian, the question given back), the charge that stands once the model has the
// question (given back only when the model fails), the retry of a reset kept-alive connection.
// The model server is a fake OpenAI-compatible one over real HTTP (test-support/model-server.ts).

let model: ModelServer;
let servers: Awaited<ReturnType<typeof guardedAndPatientServers>>;
/** A model server that answers quickly or not at all: every wait below is for an event, never a time. */
let guarded: TestServer;
/** The product's default first-token guard (30 s): nothing here waits for it. */
let patient: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  model = await startModelServer();
  servers = await guardedAndPatientServers(model);
  ({ guarded, patient } = servers);
  for (const server of [guarded, patient]) tokens.set(server.url, (await signInAs(server.url, "business@oystar.test")).access_token);
});
afterAll(async () => {
  await servers?.close();
  await model?.close();
});
beforeEach(() => model.forget());

const QUESTION = { question: "Quante fontane ha Villa Aurora?", use_cache: false };
const WITH_HELPERS = { ...QUESTION, use_multi_query: true, max_query_variations: 2, use_hyde: true };

const ask = (server: TestServer, body: unknown, signal?: AbortSignal) =>
  fetch(`${server.url}/api/ask-stream`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(tokens.get(server.url)!) },
    body: JSON.stringify(body),
    signal,
  });
/** The caller's count of questions this month, as the usage API tells it. */
const queriesUsed = async (server: TestServer) =>
  (
    (await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(tokens.get(server.url)!) })).json()) as {
      queries_used: number;
    }
  ).queries_used;

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
    model.answering = behaviour;
    const before = await queriesUsed(guarded);
    const answer = await readAnswer(await ask(guarded, QUESTION));
    expect(model.heard.answers).toBe(1);
    expect(answer.sources).toHaveLength(1);
    expect(answer.text).toBe("");
    expect(answer.events.at(-1)).toEqual(TIMED_OUT);
    expect(answer.ended).toBe(false);
    expect(await queriesUsed(guarded)).toBe(before);
    // The model is let go.
    await vi.waitFor(() => expect(model.openCalls.size).toBe(0));
  });

  test("a model that answers nothing at all, multi-query and HyDE on: the helpers give up, then the answer", async () => {
    model.answering = "never-answers";
    model.helping = "never-answers";
    const before = await queriesUsed(guarded);
    const answer = await readAnswer(await ask(guarded, WITH_HELPERS));
    expect(model.heard.helpers).toBe(2);
    expect(answer.sources[0]?.[0]?.filename).toBe("villa-aurora.md");
    expect(answer.events.at(-1)).toEqual(TIMED_OUT);
    expect(await queriesUsed(guarded)).toBe(before);
    await vi.waitFor(() => expect(model.openCalls.size).toBe(0));
  });
});

describe("a caller that leaves once the model has the question stays charged", () => {
  test("multi-query and HyDE answered, the sources arrived, the answer at the model", async () => {
    model.answering = "headers-then-silent";
    const before = await queriesUsed(patient);
    const leaving = new AbortController();
    const events = await readUntil(await ask(patient, WITH_HELPERS, leaving.signal), (event) => event.data.includes('"sources"'));
    expect(events.some((event) => event.data.includes('"chunk"'))).toBe(false);
    expect(model.heard.helpers).toBe(2);
    await vi.waitFor(() => expect(model.heard.answers).toBe(1));
    leaving.abort();
    // The server lets the model go…
    await vi.waitFor(() => expect(model.openCalls.size).toBe(0));
    // …and the question is not given back: the model worked, the caller has the passages.
    expect(await queriesUsed(patient)).toBe(before + 1);
  });

  test("the answer at the model, before its first token", async () => {
    model.answering = "never-answers";
    const before = await queriesUsed(patient);
    const leaving = new AbortController();
    await readUntil(await ask(patient, QUESTION, leaving.signal), (event) => event.data.includes('"sources"'));
    await vi.waitFor(() => expect(model.heard.answers).toBe(1));
    leaving.abort();
    await vi.waitFor(() => expect(model.openCalls.size).toBe(0));
    expect(await queriesUsed(patient)).toBe(before + 1);
  });

  test("multi-query and HyDE at the model, before the sources", async () => {
    model.helping = "never-answers";
    const before = await queriesUsed(patient);
    const leaving = new AbortController();
    const response = await ask(patient, WITH_HELPERS, leaving.signal);
    await vi.waitFor(() => expect(model.heard.helpers).toBe(2));
    leaving.abort();
    await response.text().catch(() => "");
    await vi.waitFor(() => expect(model.openCalls.size).toBe(0));
    expect(model.heard.answers).toBe(0);
    expect(await queriesUsed(patient)).toBe(before + 1);
  });
});

describe("the model failing before its first token gives the question back", () => {
  test.each(["fail-500", "close-before-first-token", "reset-every-connection"] as const)(
    "%s, multi-query and HyDE answered",
    async (behaviour) => {
      model.answering = behaviour;
      const before = await queriesUsed(patient);
      const answer = await readAnswer(await ask(patient, WITH_HELPERS));
      expect(model.heard.helpers).toBe(2);
      expect(answer.sources).toHaveLength(1);
      expect(answer.text).toBe("");
      expect(answer.error).toBe("Mi dispiace, si è verificato un errore durante l'elaborazione della tua richiesta. Riprova.");
      expect(answer.ended).toBe(false);
      expect(await queriesUsed(patient)).toBe(before);
    },
  );
});

test("a kept-alive connection the model server reset is asked again on a new one, as the chat's are: one answer, one question", async () => {
  // A first answer leaves its connection open for the next.
  expect((await readAnswer(await ask(patient, QUESTION))).text).toBe(ANSWER);
  model.answering = "reset-first-reused-connection";
  model.heard.answers = 0;
  const before = await queriesUsed(patient);
  const answer = await readAnswer(await ask(patient, QUESTION));
  expect(model.resets).toBe(1);
  expect(model.heard.answers).toBe(1);
  expect(answer.text).toBe(ANSWER);
  expect(answer.ended).toBe(true);
  expect(await queriesUsed(patient)).toBe(before + 1);
});
