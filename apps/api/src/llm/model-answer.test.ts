import { API_PATHS, readModelStream } from "@oystar/api-client";
import { formatJudgeRun, JUDGE_CRITERIA, judgeCall, turnCall, type JudgedSide } from "@oystar/debate-engine";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import {
  ANSWER,
  demoWords,
  guardedAndPatientServers,
  startModelServer,
  type ChatBody,
  type ModelBehaviour,
  type ModelServer,
  type TestServer,
} from "../../test-support/model-server";
import { bearer, readEvents } from "../../test-support/rag-helpers";
import { captureServerLog } from "../../test-support/server-log";
import { signInAs } from "../dev-idp/dev-sign-in";
import { readSettings } from "../settings/settings-store";

// Issue 38 §2: one road to the model (llm/model-answer.ts). Every feature that asks the model —
// the chat gateway, a debate's turn (with or without documents) and its judge, a RAG answer —
// meets a model that stays silent, a reset connection and a caller that leaves alike: the same
// retry, the same charge rule, the same Italian words; and reads the model's words with the same
// reader, whichever of spec 001 §7's line styles the model writes. The model server is a fake
// OpenAI-compatible one over real HTTP (test-support/model-server.ts).

const isJudge = (body: ChatBody) => body.messages?.[0]?.content.includes("Scheda del giudizio OYSTAR") ?? false;

function judgeSays(): string {
  const side = (score: number): JudgedSide => ({
    criteria: Object.fromEntries(
      JUDGE_CRITERIA.map((criterion) => [criterion, { score, motivation: "Motivazione in una frase." }]),
    ) as JudgedSide["criteria"],
    strongest: "il treno inquina meno",
    weakest: "il treno inquina meno",
  });
  return formatJudgeRun({ offlineNote: null, sides: { 1: side(8), 2: side(5) }, verdict: 1 });
}

/** A debater arguing from its prompt's passages: eight words of passage [1], quoted word for word. */
function quotingAnswer(user: string): string {
  const words = (/^\[1\] \([^)]*\) (.*)$/m.exec(user)?.[1] ?? "").split(" ");
  const start = words.findIndex((_, at) => words.slice(at, at + 8).every((word) => /^[\p{L}']+$/u.test(word)));
  return `Come dicono i documenti, «${words.slice(start, start + 8).join(" ")}» [1]. Che ne dici?`;
}

/**
 * Issue 52 §2: with a model connected, the server asks it whether each quoted passage is about its
 * claim, one numbered pair a line; this model says yes to every pair it is shown.
 */
function relevanceAnswer(user: string): string {
  const pairs = user.match(/^\d+\.$/gm) ?? [];
  return pairs.map((pair) => `${pair.slice(0, -1)}: sì`).join("\n");
}

/** The judge's run, a debater's quotes, the quotes' relevance, or RAG's words. */
function wordsFor(body: ChatBody): string {
  const user = body.messages?.find((message) => message.role === "user")?.content ?? "";
  if (isJudge(body)) return judgeSays();
  if (user.startsWith("Passaggi dai documenti")) return quotingAnswer(user);
  if (user.startsWith("Per ciascuna coppia")) return relevanceAnswer(user);
  return demoWords(body);
}

let model: ModelServer;
let servers: Awaited<ReturnType<typeof guardedAndPatientServers>>;
/** The first-token guard at 300 ms: a silent model fails quickly. */
let guarded: TestServer;
/** The product's default guard (30 s): nothing here waits for it. */
let patient: TestServer;
const tokens = new Map<string, string>();
const serverLog = captureServerLog();

beforeAll(async () => {
  model = await startModelServer(wordsFor);
  // Each request's line in the log tells when the server is done with it.
  servers = await guardedAndPatientServers(model, { LOG_LEVEL: "info" });
  ({ guarded, patient } = servers);
  // Enterprise: RAG and documents, and no debate limit for the many debates below.
  for (const server of [guarded, patient]) tokens.set(server.url, (await signInAs(server.url, "enterprise@oystar.test")).access_token);
});
afterAll(async () => {
  serverLog.stop();
  await servers?.close();
  await model?.close();
});
beforeEach(() => model.forget());

/** What the caller saw: the model's words, the named events around them, or the error it was told. */
type Observed = { words: string; events: Map<string, string>; error: { message: string; status?: number } | null };
/** One call of a feature, ready to send; `charges` counts what it is charged to. */
type Call = {
  send: (signal?: AbortSignal, requestId?: string) => Promise<Response>;
  charges: () => Promise<number>;
  verdict?: () => Promise<string | null>;
};
type Feature = {
  name: string;
  prepare: (server: TestServer) => Promise<Call>;
  read: (response: Response) => Promise<Observed>;
  /** The feature's Italian words for a model that failed (not silent). */
  failed: string;
};

const UNAVAILABLE = "Il modello non risponde. Riprova tra poco.";
const RAG_GENERIC = "Mi dispiace, si è verificato un errore durante l'elaborazione della tua richiesta. Riprova.";

const post = (server: TestServer, path: string, body: unknown, signal?: AbortSignal, requestId?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      ...bearer(tokens.get(server.url)!),
      "Content-Type": "application/json",
      ...(requestId ? { "X-Request-Id": requestId } : {}),
    },
    body: JSON.stringify(body),
    signal,
  });
const queriesUsed = async (server: TestServer) =>
  (
    (await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(tokens.get(server.url)!) })).json()) as {
      queries_used: number;
    }
  ).queries_used;

/** The chat's and the debate's answer: an OpenAI-style stream, read as chat-core reads it, or a JSON error. */
async function readModelAnswer(response: Response): Promise<Observed> {
  const events = new Map<string, string>();
  if (!response.ok)
    return { words: "", events, error: { message: ((await response.json()) as { error: string }).error, status: response.status } };
  let words = "";
  try {
    for await (const delta of readModelStream(response, { onEvent: (name, data) => events.set(name, data) })) words += delta.content;
  } catch (error) {
    return { words, events, error: { message: (error as Error).message } };
  }
  return { words, events, error: null };
}

/** RAG's answer: its text, and its `event: error` when it failed. */
async function readRagAnswer(response: Response): Promise<Observed> {
  let words = "";
  let error: Observed["error"] = null;
  for (const event of await readEvents(response)) {
    if (event.event === "error") {
      const failed = JSON.parse(event.data) as { error: string; status?: number };
      error = { message: failed.error, ...(failed.status ? { status: failed.status } : {}) };
    } else if (event.event === "message") words += (JSON.parse(event.data) as { chunk?: string }).chunk ?? "";
  }
  return { words, events: new Map(), error };
}

const debateSubject = {
  topic: "Le siepi di bosso vanno potate contro Il bosso cresce da solo",
  options: { A: "Le siepi di bosso vanno potate", B: "Il bosso cresce da solo" },
  models: { A: "openai/gpt-oss-20b", B: "llama-3.3-70b-versatile" },
  provider: "local" as const,
  mode: "debate" as const,
  length: 6,
};

/** A new debate; the calls it is charged are counted on it. */
async function newDebate(server: TestServer) {
  const { debate_id } = (await (
    await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: bearer(tokens.get(server.url)!) })
  ).json()) as { debate_id: string };
  const charges = async () =>
    (await server.db.query<{ turns_used: number }>("SELECT turns_used FROM debates WHERE id = $1", [debate_id]))[0]?.turns_used ?? -1;
  return { debateId: debate_id, charges };
}

const features: Feature[] = [
  {
    name: "the chat gateway",
    prepare: async (server) => ({
      send: (signal, id) =>
        post(
          server,
          "/groq/chat/completions",
          { model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Quante fontane ha Villa Aurora?" }], stream: true },
          signal,
          id,
        ),
      charges: () => queriesUsed(server),
    }),
    read: readModelAnswer,
    failed: UNAVAILABLE,
  },
  {
    name: "a debate's turn",
    prepare: async (server) => {
      const { debateId, charges } = await newDebate(server);
      return {
        send: (signal, id) =>
          post(server, API_PATHS.debateCalls, turnCall({ debateId, ...debateSubject, history: [], turn: 0 }), signal, id),
        charges,
      };
    },
    read: readModelAnswer,
    failed: UNAVAILABLE,
  },
  {
    name: "a debate's turn argued from documents",
    prepare: async (server) => {
      const { debateId, charges } = await newDebate(server);
      const call = turnCall({ debateId, ...debateSubject, documents: "gardenroute-demo", history: [], turn: 0 });
      return { send: (signal, id) => post(server, API_PATHS.debateCalls, call, signal, id), charges };
    },
    read: readModelAnswer,
    failed: UNAVAILABLE,
  },
  {
    name: "a debate's judge",
    prepare: async (server) => {
      const { debateId, charges } = await newDebate(server);
      // Every turn answered, as the server records it (issue 33 §2): the judge may be asked.
      await server.db.query("UPDATE debates SET answered_through = $2 WHERE id = $1", [debateId, debateSubject.length - 1]);
      const history = Array.from({ length: debateSubject.length }, (_, turn) => ({
        speaker: turn % 2 === 0 ? ("A" as const) : ("B" as const),
        turn,
        content: `Argomento ${turn}.`,
      }));
      const judge = (await readSettings(server.db)).data.debate_judge_model;
      // issue 26 §3: the verdict of the judge's first run, as the server read it from the answer.
      const verdict = async () =>
        (await server.db.query<{ judge_first: string | null }>("SELECT judge_first FROM debates WHERE id = $1", [debateId]))[0]
          ?.judge_first ?? null;
      return {
        send: (signal, id) => post(server, API_PATHS.debateCalls, judgeCall({ debateId, ...debateSubject, history, judge }, 1), signal, id),
        charges,
        verdict,
      };
    },
    read: readModelAnswer,
    failed: UNAVAILABLE,
  },
  {
    name: "a RAG answer",
    prepare: async (server) => ({
      send: (signal, id) => post(server, "/api/ask-stream", { question: "Quante fontane ha Villa Aurora?", use_cache: false }, signal, id),
      charges: () => queriesUsed(server),
    }),
    read: readRagAnswer,
    failed: RAG_GENERIC,
  },
];

/** A call answered in full, so that the next goes out on a kept-alive connection. */
async function keepConnectionAlive(server: TestServer) {
  const call = await features[0]!.prepare(server);
  expect((await readModelAnswer(await call.send())).words).toBe(ANSWER);
  model.heard.answers = 0;
}

/** The feature's call to `server`, the model behaving so: what the caller saw, and what it was charged. */
async function callWhile(behaviour: ModelBehaviour, feature: Feature, server: TestServer) {
  const call = await feature.prepare(server);
  model.answering = behaviour;
  const before = await call.charges();
  const seen = await feature.read(await call.send());
  return { call, seen, charged: (await call.charges()) - before };
}

describe.each(features)("$name, on the one road to the model", (feature) => {
  test("a model silent past the first-token guard: the chat's 504 in Italian, the call given back, the model let go", async () => {
    const { seen, charged } = await callWhile("headers-then-silent", feature, guarded);
    expect(model.heard.answers).toBe(1);
    expect(seen).toMatchObject({ words: "", error: { message: UNAVAILABLE, status: 504 } });
    expect(charged).toBe(0);
    await vi.waitFor(() => expect(model.openCalls.size).toBe(0));
  });

  test("a kept-alive connection the model server reset is asked again on a new one: one answer, charged once", async () => {
    await keepConnectionAlive(patient);
    const { seen, charged } = await callWhile("reset-first-reused-connection", feature, patient);
    expect([model.resets, model.heard.answers]).toEqual([1, 1]);
    expect(seen).toMatchObject({ words: model.lastWords, error: null });
    expect(charged).toBe(1);
  });

  test("a connection reset before the first token: the feature's Italian error, the call given back", async () => {
    const { seen, charged } = await callWhile("reset-every-connection", feature, patient);
    expect(model.resets).toBeGreaterThan(0);
    expect(seen).toMatchObject({ words: "", error: { message: feature.failed } });
    expect(charged).toBe(0);
  });

  test("a caller that leaves once the model has the call, before its first token: the model let go, the call charged", async () => {
    model.answering = "headers-then-silent";
    const call = await feature.prepare(patient);
    const before = await call.charges();
    const leaving = new AbortController();
    const requestId = `se-ne-va-${crypto.randomUUID()}`;
    const answer = call.send(leaving.signal, requestId).then((response) => response.text());
    await vi.waitFor(() => expect(model.heard.answers).toBe(1));
    leaving.abort();
    await expect(answer).rejects.toThrow();
    await vi.waitFor(() => expect(model.openCalls.size).toBe(0));
    // The request's line is logged once the server is done with it (observe/request-log.ts).
    await vi.waitFor(() =>
      expect(serverLog.entries().some((entry) => entry.request_id === requestId && entry.msg === "richiesta")).toBe(true),
    );
    expect(await call.charges()).toBe(before + 1);
  });

  test("a model writing local-style lines (spec 001 §7): the caller reads its words, and the server judges those words", async () => {
    const { call, seen, charged } = await callWhile("answer-local-style", feature, patient);
    expect(seen).toMatchObject({ words: model.lastWords, error: null });
    expect(charged).toBe(1);
    if (feature.name === "a debate's turn argued from documents") {
      // issue 26 §2: the quote the words hold is verified, in the event the caller's reader sees.
      const verdicts = JSON.parse(seen.events.get("debate-quotes") ?? "{}") as { quotes?: Array<{ status: string }> };
      expect(verdicts.quotes?.map((quote) => quote.status)).toEqual(["verified"]);
    }
    // The judge's verdict is read from the same words: side 1 of the first run is side A. It is
    // recorded once the answer has reached the caller (onAnswered): wait until it is there.
    const verdict = call.verdict;
    if (verdict) await vi.waitFor(async () => expect(await verdict()).toBe("A"));
  });
});

describe("RAG's multi-query and HyDE, on the same road: a helper the model fails is left out, and the question goes on", () => {
  const withHelpers = (server: TestServer, signal?: AbortSignal) =>
    post(
      server,
      "/api/ask-stream",
      { question: "Quante fontane ha Villa Aurora?", use_cache: false, use_multi_query: true, max_query_variations: 2, use_hyde: true },
      signal,
    );

  test("helpers silent past the first-token guard: the answer comes without them, charged once", async () => {
    model.helping = "headers-then-silent";
    const before = await queriesUsed(guarded);
    const seen = await readRagAnswer(await withHelpers(guarded));
    expect(model.heard.helpers).toBe(2);
    expect(seen.error).toBeNull();
    expect(seen.words).toBe(ANSWER);
    expect(await queriesUsed(guarded)).toBe(before + 1);
  });

  test("a helper's kept-alive connection the model server reset is asked again on a new one", async () => {
    await keepConnectionAlive(patient);
    model.helping = "reset-first-reused-connection";
    const before = await queriesUsed(patient);
    const seen = await readRagAnswer(await withHelpers(patient));
    expect(model.resets).toBe(1);
    expect(model.heard.helpers).toBe(2);
    expect(seen.words).toBe(ANSWER);
    expect(await queriesUsed(patient)).toBe(before + 1);
  });

  test("helpers whose connections are reset: the answer comes without them, charged once", async () => {
    model.helping = "reset-every-connection";
    const before = await queriesUsed(patient);
    const seen = await readRagAnswer(await withHelpers(patient));
    // Each helper, reset on a reused connection, is asked again once, and reset again.
    expect(model.resets).toBeGreaterThanOrEqual(2);
    expect(model.heard.helpers).toBe(0);
    expect(seen.error).toBeNull();
    expect(seen.words).toBe(ANSWER);
    expect(await queriesUsed(patient)).toBe(before + 1);
  });

  test("a caller that leaves while the helpers are at the model: the model let go, the question charged", async () => {
    model.helping = "headers-then-silent";
    const before = await queriesUsed(patient);
    const leaving = new AbortController();
    const answer = withHelpers(patient, leaving.signal).then((response) => response.text());
    await vi.waitFor(() => expect(model.heard.helpers).toBe(2));
    leaving.abort();
    await expect(answer).rejects.toThrow();
    await vi.waitFor(() => expect(model.openCalls.size).toBe(0));
    expect(model.heard.answers).toBe(0);
    expect(await queriesUsed(patient)).toBe(before + 1);
  });
});
