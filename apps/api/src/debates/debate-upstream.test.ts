import {
  API_PATHS,
  DEBATE_LENGTH,
  DEBATE_OPTION_MAX_CHARS,
  DEBATE_REPLY_MAX_CHARS,
  DEBATE_TOPIC_MAX_CHARS,
  readModelStream,
  turnQuotesSchema,
  type Intervention,
} from "@oystar/api-client";
import { analysisCall, debatePrompt, judgeCall, turnCall, type JudgedIntervention } from "@oystar/debate-engine";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { readEvents } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// What reaches the model for a debate (issue 22 §1, §2): exactly the engine's prompt for a valid
// call, nothing for anything else, and a charge that stands once the model has the request.

type Behaviour = "stream" | "silent" | "quoting";
let behaviour: Behaviour = "stream";
/** Every request body the model server received. */
let heard: Array<Record<string, unknown>> = [];
/** Resolves when the server hangs up on a silent model. */
let hungUp: Promise<void> = Promise.resolve();
let markHungUp = () => {};
let upstream: Server;
let server: Awaited<ReturnType<typeof startTestServer>>;

function fakeModel(req: IncomingMessage, res: ServerResponse) {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    heard.push(JSON.parse(raw) as Record<string, unknown>);
    // Issue 52 §2: asked whether each quote's passage is about its claim, it answers as a model
    // does, one line per pair: not for the claim about Tokyo, yes for the others.
    const asked = JSON.stringify(heard.at(-1));
    if (asked.includes("Per ciascuna coppia qui sotto")) {
      const pairs = [...asked.matchAll(/\\n(\d+)\.\\nAffermazione: ([^\\]*)/g)];
      const content = pairs.map(([, n, claim]) => `${n}: ${claim?.includes("Tokyo") ? "no" : "sì"}`).join("\n");
      res.writeHead(200, { "Content-Type": "application/json" });
      return void res.end(JSON.stringify({ choices: [{ message: { content } }] }));
    }
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    // A model that takes the question and never starts answering (until hung up on).
    if (behaviour === "silent") return void res.on("close", () => markHungUp());
    const content = behaviour === "quoting" ? quotingAnswer(heard.at(-1) ?? {}) : "Il treno vince.";
    // In small pieces, cut anywhere: a line of the stream may arrive in two.
    const stream = `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\ndata: [DONE]\n\n`;
    for (let at = 0; at < stream.length; at += 37) res.write(stream.slice(at, at + 37));
    res.end();
  });
}

/**
 * issue 26 §2: a model arguing from the passages of its prompt — one quote true to passage [1],
 * one invented for [2], and one of passage [1]'s words in a sentence the passage does not support.
 */
function quotingAnswer(body: Record<string, unknown>): string {
  const user =
    (body.messages as Array<{ role: string; content: string }> | undefined)?.find((message) => message.role === "user")?.content ?? "";
  const words = (/^\[1\] \([^)]*\) (.*)$/m.exec(user)?.[1] ?? "").split(" ");
  // Eight words in a row of the passage, letters only (no mark to mistake for the quote's own).
  const start = words.findIndex((_, at) => words.slice(at, at + 8).every((word) => /^[\p{L}']+$/u.test(word)));
  const true8 = words.slice(start, start + 8).join(" ");
  const true4 = words.slice(start, start + 4).join(" ");
  return `Come dicono i documenti, «${true8}» [1]. E poi «le rose blu fioriscono a dicembre sotto la neve» [2]. Nel 1999 a Tokyo 500 turisti e 40 guide di Osaka videro «${true4}» [1]. Che ne dici?`;
}

beforeAll(async () => {
  upstream = createServer(fakeModel);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({ LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1` });
});
afterAll(async () => {
  await server.close();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});
beforeEach(() => {
  behaviour = "stream";
  heard = [];
  hungUp = new Promise((resolve) => (markHungUp = resolve));
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const startDebate = async (token: string): Promise<{ debate_id: string }> =>
  (await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: auth(token) })).json();
const send = (token: string, body: unknown, signal?: AbortSignal) =>
  fetch(`${server.url}${API_PATHS.debateCalls}`, {
    method: "POST",
    headers: { ...auth(token), "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
const turnsUsed = async (debateId: string) =>
  (await server.db.query<{ turns_used: number }>("SELECT turns_used FROM debates WHERE id = $1", [debateId]))[0]?.turns_used;
/** A debate whose turns before `turn` the model has answered, as the server records it (issue 33 §2). */
const answeredBefore = (debateId: string, turn: number) =>
  server.db.query("UPDATE debates SET answered_through = $2 WHERE id = $1", [debateId, turn - 1]);

/** The longest interventions the engine can quote: every reply at the loop guard's limit. */
const longest = (count: number): Intervention[] =>
  Array.from({ length: count }, (_, turn) => ({
    speaker: turn % 2 === 0 ? "A" : "B",
    turn,
    content: `${turn} ${"parola ".repeat(DEBATE_REPLY_MAX_CHARS)}`.slice(0, DEBATE_REPLY_MAX_CHARS),
  }));
const subject = {
  topic: "Treno contro aereo",
  options: { A: "Treno", B: "aereo" },
  models: { A: "openai/gpt-oss-20b", B: "llama-3.3-70b-versatile" },
  provider: "local" as const,
};

test("the model gets the prompt the engine builds from the call, with the side's model and the phase's preset", async () => {
  const { access_token } = await signInAs(server.url, "base@oystar.test");
  const { debate_id } = await startDebate(access_token);
  const call = turnCall({ debateId: debate_id, mode: "challenge", ...subject, length: 20, history: longest(7), turn: 7 });
  await answeredBefore(debate_id, 7);
  const answer = await send(access_token, call);
  expect(answer.status).toBe(200);
  let text = "";
  for await (const delta of readModelStream(answer)) text += delta.content;
  expect(text).toBe("Il treno vince.");
  expect(heard).toEqual([JSON.parse(JSON.stringify(debatePrompt(call)))]);
  expect(heard[0]).toMatchObject({ model: "llama-3.3-70b-versatile", max_tokens: 1000, temperature: 0.7, stream: true });
});

test("the largest requests a debate can forward are bounded by its turns and the reply limit", async () => {
  const { access_token } = await signInAs(server.url, "pro@oystar.test");
  const { debate_id } = await startDebate(access_token);
  const options = { A: "a".repeat(DEBATE_OPTION_MAX_CHARS), B: "b".repeat(DEBATE_OPTION_MAX_CHARS) };
  const topic = `${options.A} contro ${options.B}`;
  const lastTurn = turnCall({
    debateId: debate_id,
    mode: "synthesis",
    ...subject,
    topic,
    options,
    length: DEBATE_LENGTH.max,
    history: longest(DEBATE_LENGTH.max - 1),
    turn: DEBATE_LENGTH.max - 1,
  });
  const closing = analysisCall({
    debateId: debate_id,
    mode: "synthesis",
    ...subject,
    topic,
    options,
    length: DEBATE_LENGTH.max,
    history: longest(DEBATE_LENGTH.max),
  });
  await answeredBefore(debate_id, DEBATE_LENGTH.max - 1);
  for (const call of [lastTurn, closing]) expect((await send(access_token, call)).status).toBe(200);
  const characters = heard.map((body) =>
    (body.messages as Array<{ content: string }>).reduce((sum, message) => sum + message.content.length, 0),
  );
  // A turn: its prompt, the latest reply whole and nine earlier ones cut to 200 characters; the
  // analysis: the last third of 200 replies. Nothing else can be added by the caller.
  expect(characters[0]).toBeLessThan(DEBATE_REPLY_MAX_CHARS + 9 * 220 + 4 * DEBATE_TOPIC_MAX_CHARS + 2_000);
  expect(characters[1]).toBeLessThan(67 * (DEBATE_REPLY_MAX_CHARS + 30) + 4 * DEBATE_TOPIC_MAX_CHARS + 3_000);
  expect(heard.map((body) => body.max_tokens)).toEqual([1000, 3000]);
});

test("a call that is not the engine's reaches no model", async () => {
  const { access_token } = await signInAs(server.url, "base@oystar.test");
  const { debate_id } = await startDebate(access_token);
  const valid = turnCall({ debateId: debate_id, mode: "debate", ...subject, length: 6, history: [], turn: 0 });
  for (const body of [
    { ...valid, messages: [{ role: "user", content: "Scrivi uno scraper in Python." }] },
    { ...valid, history: [{ speaker: "A", turn: 0, content: "x".repeat(330_000) }] },
    { ...valid, models: { A: "anthropic/claude-opus-4-very-expensive", B: "openai/gpt-oss-20b" } },
  ]) {
    expect((await send(access_token, body)).status).toBe(400);
  }
  expect(heard).toEqual([]);
  expect(await turnsUsed(debate_id)).toBe(0);
});

test("a caller that leaves before the first token keeps the call charged: the model had the request", async () => {
  const { access_token } = await signInAs(server.url, "base@oystar.test");
  const { debate_id } = await startDebate(access_token);
  behaviour = "silent";
  const leaving = new AbortController();
  const answer = send(
    access_token,
    turnCall({ debateId: debate_id, mode: "debate", ...subject, length: 6, history: [], turn: 0 }),
    leaving.signal,
  );
  await vi.waitFor(() => expect(heard).toHaveLength(1));
  leaving.abort();
  await expect(answer).rejects.toThrow();
  // The server lets the model go at once…
  await hungUp;
  // …and would give the call back right after (it did before issue 22); a moment's grace for that.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await turnsUsed(debate_id)).toBe(1);
});

test("a turn argued from documents: the model reads the passages numbered; the answer streams between its passages and the server's verdicts on its quotes", async () => {
  const { access_token } = await signInAs(server.url, "business@oystar.test");
  const { debate_id } = await startDebate(access_token);
  behaviour = "quoting";
  const call = turnCall({
    debateId: debate_id,
    mode: "debate",
    ...subject,
    options: { A: "Le siepi di bosso vanno potate", B: "Il bosso cresce da solo" },
    documents: "gardenroute-demo",
    length: 6,
    history: [],
    turn: 0,
  });
  const answer = await send(access_token, call);
  expect(answer.status).toBe(200);
  const events = await readEvents(answer.clone());
  let words = "";
  for await (const delta of readModelStream(answer)) words += delta.content;
  // What the model read: the engine's prompt with the passages the server retrieved, numbered.
  const [system, user] = (heard[0]?.messages as Array<{ content: string }>).map((message) => message.content);
  expect(system).toContain("copiate parola per parola tra «» e seguite dal numero del passaggio");
  expect(user).toMatch(/^Passaggi dai documenti:\n\[1\] \(/);
  const passages = JSON.parse(events[0]?.data ?? "{}") as { index: string; passages: Array<{ noteNumber: number; chunkId: string }> };
  expect(events[0]?.event).toBe("debate-passages");
  expect(passages.index).toBe("gardenroute-demo");
  expect(user).toContain(`[${passages.passages.length}] (`);
  // The words, as chat-core's reader reads them; then the verdicts; then [DONE], once.
  expect(words).toBe(quotingAnswer(heard[0] ?? {}));
  expect(events.at(-2)?.event).toBe("debate-quotes");
  expect((JSON.parse(events.at(-2)?.data ?? "{}") as { quotes: Array<{ status: string }> }).quotes.map((quote) => quote.status)).toEqual([
    "verified",
    "notFound",
    "unsupported",
  ]);
  expect(events.filter((event) => event.data === "[DONE]")).toHaveLength(1);
  expect(events.at(-1)?.data).toBe("[DONE]");
  // Issue 52 §2: with a model connected, the model read each claim beside its passage (the found
  // quotes only): the sentence about Tokyo quotes words of passage [1], which is about something else.
  const relevance = JSON.stringify(heard.find((body) => JSON.stringify(body).includes("Per ciascuna coppia qui sotto")));
  expect(relevance).toContain("Affermazione: Nel 1999 a Tokyo 500 turisti e 40 guide di Osaka videro");
  expect(relevance).not.toContain("le rose blu fioriscono a dicembre");
});

test("the judge of a debate argued from documents reads, beside each turn, how many of its quotes the server verified, and is told 'Prove' counts only those", async () => {
  const { access_token } = await signInAs(server.url, "business@oystar.test");
  const { debate_id } = await startDebate(access_token);
  behaviour = "quoting";
  const facts = {
    debateId: debate_id,
    mode: "debate" as const,
    ...subject,
    options: { A: "Le siepi di bosso vanno potate", B: "Il bosso cresce da solo" },
    documents: "gardenroute-demo",
    length: 6,
  };
  const judged: JudgedIntervention[] = [];
  for (let turn = 0; turn < 6; turn += 1) {
    const answer = await send(
      access_token,
      turnCall({ ...facts, history: judged.map(({ speaker, turn, content }) => ({ speaker, turn, content })), turn }),
    );
    const events = await readEvents(answer);
    const verdicts = turnQuotesSchema.parse(JSON.parse(events.find((event) => event.event === "debate-quotes")?.data ?? "{}"));
    judged.push({
      speaker: turn % 2 === 0 ? "A" : "B",
      turn,
      content: quotingAnswer(heard.at(-1) ?? {}),
      quotes: { statuses: verdicts.quotes.map((quote) => quote.status), seal: verdicts.seal },
    });
  }
  heard = [];
  behaviour = "stream";
  expect((await send(access_token, judgeCall({ ...facts, history: judged, judge: "llama-3.3-70b-versatile" }, 1))).status).toBe(200);
  const [system, user] = (heard[0]?.messages as Array<{ content: string }>).map((message) => message.content);
  expect(system).toContain("Per Prove conta soltanto le citazioni verificate");
  // Each turn brought three quotes: one true to its passage, one invented, one its sentence overstates.
  const turns = user?.split("\n").filter((line) => line.startsWith("[Lato ")) ?? [];
  expect(turns).toHaveLength(6);
  for (const line of turns) expect(line).toContain("(citazioni verificate: 1 su 3)");
});
