import { readModelStream, readProductStream } from "@oystar/api-client";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { bearer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// Issue 35 §2 over real HTTP: an answer whose connection dropped is resumed from the last event
// received — nothing lost, nothing repeated, charged once — through the gateway (a fake model over
// HTTP, the only double) and RAG's stream (the offline model).

const WORDS = Array.from({ length: 40 }, (_, n) => ` parola${n + 1}`);
const FULL_ANSWER = WORDS.join("");
let questionsHeard = 0;
/** Whether the model's connection was closed before it had sent the whole answer. */
let cutOff: Promise<boolean> = Promise.resolve(false);
let upstream: Server;
/** How often the model sends a word; a test that must act before the answer ends slows it. */
let wordEveryMs = 15;

function slowModel(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  req.on("end", () => {
    questionsHeard += 1;
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    let sent = 0;
    cutOff = new Promise((resolve) => {
      res.on("close", () => {
        clearInterval(timer);
        resolve(sent < WORDS.length);
      });
    });
    const timer = setInterval(() => {
      if (sent === WORDS.length) {
        clearInterval(timer);
        res.end("data: [DONE]\n\n");
        return;
      }
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: WORDS[sent] } }] })}\n\n`);
      sent += 1;
    }, wordEveryMs);
  });
}

let server: Awaited<ReturnType<typeof startTestServer>>;
let base: string;
let other: string;
beforeAll(async () => {
  upstream = createServer(slowModel);
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({
    LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`,
    LLM_API_KEY: "upstream-key",
  });
  base = (await signInAs(server.url, "base@oystar.test")).access_token;
  other = (await signInAs(server.url, "pro@oystar.test")).access_token;
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});
beforeEach(() => {
  questionsHeard = 0;
  wordEveryMs = 15;
});

const question = { model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Dimmi quaranta parole." }], stream: true };
const ask = (token: string, resumable: boolean, signal?: AbortSignal) =>
  fetch(`${server.url}/groq/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(token), ...(resumable ? { "Oystar-Resumable": "1" } : {}) },
    body: JSON.stringify(question),
    signal,
  });
const resume = (token: string, streamId: string, lastEventId?: string) =>
  fetch(`${server.url}/api/streams/${streamId}`, {
    headers: { ...bearer(token), ...(lastEventId !== undefined ? { "Last-Event-ID": lastEventId } : {}) },
  });
const usage = async (token: string) =>
  ((await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(token) })).json()) as { queries_used: number })
    .queries_used;

/** Reads events (blocks between blank lines) until `count` have arrived, then drops the connection. */
async function readThenDrop(response: Response, count: number, drop: AbortController): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (text.split("\n\n").length - 1 < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  drop.abort();
  return text.split("\n\n").slice(0, count);
}

const idOf = (event: string) => /^id: (\d+)$/m.exec(event)?.[1];
const wordsOf = async (body: Response | string) => {
  let text = "";
  const source = typeof body === "string" ? new Response(body) : body;
  for await (const delta of readModelStream(source)) text += delta.content;
  return text;
};

describe("the gateway's answers, resumed", () => {
  test("a dropped connection resumes from its last event: the whole answer once, the model asked once, one query charged", async () => {
    const before = await usage(base);
    const drop = new AbortController();
    const response = await ask(base, true, drop.signal);
    expect(response.status).toBe(200);
    const streamId = response.headers.get("oystar-stream-id");
    expect(streamId).toMatch(/^[\w-]{24}$/);
    const received = await readThenDrop(response, 5, drop);
    expect(received.map(idOf)).toEqual(["1", "2", "3", "4", "5"]);
    // The client is gone; the answer goes on (the model is not hung up on).
    const rest = await resume(base, streamId!, "5");
    expect(rest.status).toBe(200);
    expect(rest.headers.get("content-type")).toContain("text/event-stream");
    const restText = await rest.text();
    expect(restText.split("\n\n").filter(Boolean).map(idOf)[0]).toBe("6");
    expect(await wordsOf(received.join("\n\n") + "\n\n" + restText)).toBe(FULL_ANSWER);
    expect(await cutOff).toBe(false);
    expect(questionsHeard).toBe(1);
    expect(await usage(base)).toBe(before + 1);
  });

  test("a reloaded page (nothing received) gets the whole answer from the first event, while it streams and after it ended", async () => {
    const drop = new AbortController();
    const response = await ask(base, true, drop.signal);
    const streamId = response.headers.get("oystar-stream-id")!;
    drop.abort();
    expect(await wordsOf(await resume(base, streamId))).toBe(FULL_ANSWER);
    // Ended, it stays a while: a late client still gets it whole.
    expect(await wordsOf(await resume(base, streamId))).toBe(FULL_ANSWER);
    expect(await wordsOf(await resume(base, streamId, "39"))).toBe(WORDS.at(-1));
  });

  test("STOP (DELETE) stops the model at once and the answer is gone", async () => {
    // With several servers on PostgreSQL, another account's STOP waits for a holder that never
    // answers (streams/answer-relay.ts): the model must still be writing after it.
    wordEveryMs = 200;
    const drop = new AbortController();
    const response = await ask(base, true, drop.signal);
    const streamId = response.headers.get("oystar-stream-id")!;
    await readThenDrop(response, 2, drop);
    expect((await fetch(`${server.url}/api/streams/${streamId}`, { method: "DELETE", headers: bearer(other) })).status).toBe(404);
    expect((await fetch(`${server.url}/api/streams/${streamId}`, { method: "DELETE", headers: bearer(base) })).status).toBe(204);
    expect(await cutOff).toBe(true);
    expect((await resume(base, streamId)).status).toBe(404);
  });

  test("another account's, a forged and a signed-out resume learn nothing; a bad Last-Event-ID is a 400", async () => {
    const response = await ask(base, true);
    const streamId = response.headers.get("oystar-stream-id")!;
    const foreign = await resume(other, streamId);
    const forged = await resume(base, "A".repeat(24));
    expect([foreign.status, forged.status]).toEqual([404, 404]);
    expect(await foreign.json()).toEqual(await forged.json());
    expect((await fetch(`${server.url}/api/streams/${streamId}`)).status).toBe(401);
    const bad = await resume(base, streamId, "-1; DROP");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain("Last-Event-ID");
    await response.body?.cancel();
  });

  test("a caller that did not ask keeps the OpenAI contract: no stream id, and leaving hangs up on the model", async () => {
    const drop = new AbortController();
    const response = await ask(base, false, drop.signal);
    expect(response.headers.get("oystar-stream-id")).toBeNull();
    const received = await readThenDrop(response, 2, drop);
    expect(received.map(idOf)).toEqual([undefined, undefined]);
    expect(await cutOff).toBe(true);
  });

  test("a client resuming in a loop is held back (429 in Italian)", async () => {
    const enterprise = (await signInAs(server.url, "enterprise@oystar.test")).access_token;
    const response = await ask(enterprise, true);
    const streamId = response.headers.get("oystar-stream-id")!;
    await response.text();
    const statuses: number[] = [];
    for (let n = 0; n < 60; n += 1) {
      const again = await resume(enterprise, streamId, "40");
      statuses.push(again.status);
      await again.body?.cancel();
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await resume(enterprise, streamId, "40");
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/^Troppe riprese/);
  });
});

describe("RAG's answers, resumed", () => {
  test("a RAG answer dropped after its sources resumes to the same events a whole answer has", async () => {
    const offline = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "400" });
    try {
      const business = (await signInAs(offline.url, "business@oystar.test")).access_token;
      const ask = (signal?: AbortSignal) =>
        fetch(`${offline.url}/api/ask-stream`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...bearer(business), "Oystar-Resumable": "1" },
          body: JSON.stringify({ question: "Quanti alberi di limone ci sono nella limonaia di Villa Aurora?" }),
          signal,
        });
      const chunksOf = async (body: Response | string) => {
        const chunks: unknown[] = [];
        for await (const chunk of readProductStream(typeof body === "string" ? new Response(body) : body)) chunks.push(chunk);
        return chunks;
      };
      const drop = new AbortController();
      const response = await ask(drop.signal);
      // Dropped while the offline model writes (400 characters a second): its sources and first words.
      const received = await readThenDrop(response, 3, drop);
      const whole = await chunksOf(await ask());
      const rest = await fetch(`${offline.url}/api/streams/${response.headers.get("oystar-stream-id")}`, {
        headers: { ...bearer(business), "Last-Event-ID": idOf(received.at(-1)!)! },
      });
      expect(rest.status).toBe(200);
      const resumed = await chunksOf(received.join("\n\n") + "\n\n" + (await rest.text()));
      // The same answer (the second is the cache's, its text in one piece): same text, same sources.
      const textOf = (chunks: unknown[]) => chunks.map((chunk) => (chunk as { chunk?: string }).chunk ?? "").join("");
      const sourcesOf = (chunks: unknown[]) => chunks.filter((chunk) => (chunk as { sources?: unknown }).sources).at(-1);
      expect(textOf(resumed)).toBe(textOf(whole));
      expect(sourcesOf(resumed)).toEqual(sourcesOf(whole));
      // And the resumed events are the stream's own, from the first, none twice.
      const fromStart = await fetch(`${offline.url}/api/streams/${response.headers.get("oystar-stream-id")}`, {
        headers: bearer(business),
      });
      expect(resumed).toEqual(await chunksOf(fromStart));
      expect(JSON.stringify(resumed)).toContain("Villa Aurora");
    } finally {
      await offline.close();
    }
  });
});
