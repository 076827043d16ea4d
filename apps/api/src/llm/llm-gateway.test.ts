import { readModelStream } from "@oystar/api-client";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";

// A fake OpenAI-compatible upstream over real HTTP (the only double: a third party).
type Behaviour = "stream" | "fail-500" | "close-before-first-token" | "close-mid-answer" | "slow" | "silent";
let behaviour: Behaviour = "stream";
let lastBody: Record<string, unknown> = {};
/** How many questions reached the model. */
let questionsHeard = 0;
let upstreamClosed: Promise<void> = Promise.resolve();
let markClosed = () => {};
/** Answers the upstream is still streaming to someone. */
let openSlowStreams = 0;
let upstream: Server;

function fakeUpstream(req: IncomingMessage, res: ServerResponse) {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    if (req.url === "/v1/models")
      return res
        .writeHead(200, { "Content-Type": "application/json" })
        .end('{"object":"list","data":[{"id":"openai/gpt-oss-120b"},{"id":"whisper-large-v3"}]}');
    lastBody = JSON.parse(raw);
    if (lastBody.max_tokens !== 1) questionsHeard += 1;
    if (behaviour === "fail-500") return res.writeHead(500).end("boom");
    if (behaviour === "close-before-first-token") {
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      return res.destroy();
    }
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.on("close", () => markClosed());
    // Takes the question and never starts answering, until hung up on.
    if (behaviour === "silent") return;
    const words = ["Ciao", " dal", " modello", "."];
    if (behaviour === "close-mid-answer") {
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: words[0] } }] })}\n\n`);
      setTimeout(() => res.destroy(), 20);
      return;
    }
    if (behaviour === "slow") {
      // Keeps streaming until the gateway hangs up.
      openSlowStreams += 1;
      const timer = setInterval(() => res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "." } }] })}\n\n`), 20);
      res.on("close", () => {
        openSlowStreams -= 1;
        clearInterval(timer);
      });
      return;
    }
    for (const word of words) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: word } }] })}\n\n`);
    res.end("data: [DONE]\n\n");
  });
}

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  upstream = createServer(fakeUpstream);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({
    LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`,
    LLM_API_KEY: "upstream-key",
  });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});
beforeEach(() => {
  behaviour = "stream";
  upstreamClosed = new Promise((resolve) => (markClosed = resolve));
});

const ask = (token: string | null, body: unknown, signal?: AbortSignal) =>
  fetch(`${server.url}/groq/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal,
  });
const question = (model = "openai/gpt-oss-120b") => ({ model, messages: [{ role: "user", content: "Ciao?" }], stream: true });
const usage = async (token: string) =>
  (
    (await (await fetch(`${server.url}/api/subscription/status`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      queries_used: number;
    }
  ).queries_used;

test("401 without a token, 400 on a bad body", async () => {
  expect((await ask(null, question())).status).toBe(401);
  const { access_token } = await signInAs(server.url, "free@oystar.test");
  for (const body of [
    { model: "gpt-5", messages: [{ role: "user", content: "x" }] },
    { model: "openai/gpt-oss-20b", messages: [] },
    { ...question(), extra: 1 },
    { ...question(), max_tokens: 9000 },
  ]) {
    const response = await ask(access_token, body);
    expect(response.status).toBe(400);
    expect(typeof (await response.json()).error).toBe("string");
  }
});

test("the answer streams through and costs one query; the key stays on the server", async () => {
  const { access_token } = await signInAs(server.url, "base@oystar.test");
  const before = await usage(access_token);
  const response = await ask(access_token, { ...question(), reasoning_effort: "high", include_reasoning: true, max_tokens: 8000 });
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  // The relay writes the answer to the socket itself: the headers every answer carries are there too.
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  let text = "";
  for await (const delta of readModelStream(response)) text += delta.content;
  expect(text).toBe("Ciao dal modello.");
  expect(await usage(access_token)).toBe(before + 1);
  expect(lastBody).toMatchObject({ model: "openai/gpt-oss-120b", reasoning_effort: "high", include_reasoning: true, max_tokens: 8000 });
});

test("reasoning flags go only to gpt-oss models", async () => {
  const { access_token } = await signInAs(server.url, "business@oystar.test");
  const response = await ask(access_token, { ...question("llama-3.1-8b-instant"), reasoning_effort: "high", include_reasoning: true });
  await response.text();
  expect(lastBody).not.toHaveProperty("reasoning_effort");
  expect(lastBody).not.toHaveProperty("include_reasoning");
});

describe("failures before the first token give the query back", () => {
  test.each(["fail-500", "close-before-first-token"] as const)("%s", async (failure) => {
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const before = await usage(access_token);
    behaviour = failure;
    const response = await ask(access_token, question());
    expect(response.status).toBe(502);
    expect((await response.json()).error).toBe("Il modello non risponde. Riprova tra poco.");
    expect(await usage(access_token)).toBe(before);
  });
});

test("a client that goes away aborts the upstream request; an answer already begun stays charged", async () => {
  const { access_token } = await signInAs(server.url, "pro@oystar.test");
  const before = await usage(access_token);
  behaviour = "slow";
  const controller = new AbortController();
  const response = await ask(access_token, question(), controller.signal);
  const reader = response.body?.getReader();
  await reader?.read();
  controller.abort();
  // The fake upstream sees its connection closed (the test times out otherwise).
  await upstreamClosed;
  // spec 001 §8 (issue 14 §4): a client that cuts off a stalled answer gets no query back.
  expect(await usage(access_token)).toBe(before + 1);
});

test("a client that leaves before the first token keeps the question charged: the model had it (issue 22 §2)", async () => {
  const { access_token } = await signInAs(server.url, "pro@oystar.test");
  const before = await usage(access_token);
  behaviour = "silent";
  questionsHeard = 0;
  const leaving = new AbortController();
  const answer = ask(access_token, question(), leaving.signal);
  await vi.waitFor(() => expect(questionsHeard).toBe(1));
  leaving.abort();
  await expect(answer).rejects.toThrow();
  // The gateway lets the model go at once…
  await upstreamClosed;
  // …and gave the question back right after, before issue 22; a moment's grace for that.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await usage(access_token)).toBe(before + 1);
});

test("a model silent past the first-token guard is a failure: 504, the question given back", async () => {
  const guarded = await startTestServer({
    LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`,
    LLM_FIRST_TOKEN_TIMEOUT_MS: "300",
  });
  try {
    const { access_token } = await signInAs(guarded.url, "pro@oystar.test");
    const status = async () =>
      (
        (await (
          await fetch(`${guarded.url}/api/subscription/status`, { headers: { Authorization: `Bearer ${access_token}` } })
        ).json()) as { queries_used: number }
      ).queries_used;
    const before = await status();
    behaviour = "silent";
    const response = await fetch(`${guarded.url}/groq/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${access_token}` },
      body: JSON.stringify(question()),
    });
    expect(response.status).toBe(504);
    expect((await response.json()).error).toBe("Il modello non risponde. Riprova tra poco.");
    await upstreamClosed;
    expect(await status()).toBe(before);
  } finally {
    await guarded.close();
  }
});

test("a caller at its limit never reaches the model, however many questions it sends at once (issue 22 §5)", async () => {
  const { access_token } = await signInAs(server.url, "al.limite@esempio.it");
  await usage(access_token);
  // Free: 50 questions a month; three left.
  await server.db.query(
    "INSERT INTO usage (user_id, month, queries_used) SELECT id, date_trunc('month', now() AT TIME ZONE 'UTC')::date, 47 FROM users WHERE email = 'al.limite@esempio.it'",
  );
  questionsHeard = 0;
  // The first is counted before it is sent (nothing is known of the caller yet)…
  expect((await ask(access_token, question())).status).toBe(200);
  // …then a burst: two questions are left, and only two may reach the model.
  const burst = await Promise.all(Array.from({ length: 10 }, () => ask(access_token, question())));
  expect(burst.filter((answer) => answer.status === 200)).toHaveLength(2);
  expect(burst.filter((answer) => answer.status === 429)).toHaveLength(8);
  await Promise.all(burst.map((answer) => answer.text()));
  expect(questionsHeard).toBe(3);
  expect((await ask(access_token, question())).status).toBe(429);
  expect(questionsHeard).toBe(3);
});

test("a model that fails mid-answer ends the answer where it stopped; the question stays charged", async () => {
  const { access_token } = await signInAs(server.url, "pro@oystar.test");
  const before = await usage(access_token);
  behaviour = "close-mid-answer";
  const response = await ask(access_token, question());
  expect(response.status).toBe(200);
  let text = "";
  for await (const delta of readModelStream(response)) text += delta.content;
  expect(text).toBe("Ciao");
  expect(await usage(access_token)).toBe(before + 1);
});

test("429 at the limit, with the spec's message; the model's answer, already asked for, is called off", async () => {
  const { access_token } = await signInAs(server.url, "limite@esempio.it");
  await usage(access_token);
  await server.db.query(
    "INSERT INTO usage (user_id, month, queries_used) SELECT id, date_trunc('month', now() AT TIME ZONE 'UTC')::date, 50 FROM users WHERE email = 'limite@esempio.it'",
  );
  // The upstream would stream until hung up on.
  behaviour = "slow";
  const response = await ask(access_token, question());
  expect(response.status).toBe(429);
  expect((await response.json()).error).toBe("Hai raggiunto il limite di domande del tuo piano.");
  // A question asked after it has been answered in full: by then the refused one is not streaming.
  behaviour = "stream";
  const { access_token: other } = await signInAs(server.url, "dopo.il.limite@esempio.it");
  expect(await (await ask(other, question())).text()).toContain("[DONE]");
  await vi.waitFor(() => expect(openSlowStreams).toBe(0));
});

test("models come from the upstream, only those the product lists", async () => {
  const { access_token } = await signInAs(server.url, "free@oystar.test");
  const models = await (await fetch(`${server.url}/groq/models`, { headers: { Authorization: `Bearer ${access_token}` } })).json();
  expect(models.data.map((model: { id: string }) => model.id)).toEqual(["openai/gpt-oss-120b"]);
});

test("the health check probes the model (spec 001 §7)", async () => {
  const health = await (await fetch(`${server.url}/api/health`)).json();
  expect(health).toMatchObject({ status: "ok", model: { provider: "openai-compatible", offline: false, healthy: true } });
  expect(lastBody).toMatchObject({ model: "llama-3.1-8b-instant", max_tokens: 1 });
});
