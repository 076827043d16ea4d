import { readModelStream } from "@oystar/api-client";
import { Agent, createServer, request, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { bearer, readAnswer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";
import { streamMessages } from "./messages";

// Issue 55 §1, §2: a process driven past what it can carry (MAX_OPEN_STREAMS here, small) refuses
// the new questions — 503, Retry-After, in Italian, before they are charged — and every answer it
// accepted reaches its caller whole. The model is a fake (the only double: a third party) that
// sends each answer's first piece at once and holds the rest until the test lets it go, so the
// accepted answers are all open while the others arrive.

const MAX_OPEN_STREAMS = 3;
const PIECES = ["Le ", "fontane ", "di ", "Villa ", "Aurora ", "sono ", "dodici [1]."];
const WHOLE = PIECES.join("");

const piece = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

let model: Server;
/** The answers the model has begun and holds, until `letGo`. */
let holding: ServerResponse[] = [];
let holds = true;
let server: Awaited<ReturnType<typeof startTestServer>>;

function finish(response: ServerResponse) {
  for (const content of PIECES.slice(1)) response.write(piece(content));
  response.end("data: [DONE]\n\n");
}

/** The held answers go on to their end, and later ones are answered at once. */
function letGo() {
  holds = false;
  for (const response of holding) finish(response);
  holding = [];
}

beforeAll(async () => {
  model = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const call = JSON.parse(body || "{}") as { stream?: boolean; max_tokens?: number };
      // RAG's helpers (not streamed) and the health probe answer at once.
      if (call.stream === false || call.max_tokens === 1) {
        response.writeHead(200, { "Content-Type": "application/json" });
        return response.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: "ok" } }] }));
      }
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.write(piece(PIECES[0] as string));
      if (holds) holding.push(response);
      else finish(response);
    });
  });
  await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({
    LLM_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
    MAX_OPEN_STREAMS: String(MAX_OPEN_STREAMS),
    METRICS_PORT: "0",
  });
});

afterAll(async () => {
  letGo();
  await server.close();
  model.closeAllConnections();
  await new Promise<void>((resolve) => model.close(() => resolve()));
});

beforeEach(() => {
  holds = true;
});

type Usage = { queries_used: number };
const usage = async (token: string) =>
  (await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(token) })).json()) as Usage;

const chat = (token: string, resumable: boolean) =>
  fetch(`${server.url}/groq/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(token), ...(resumable ? { "Oystar-Resumable": "1" } : {}) },
    body: JSON.stringify({ model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Quante fontane?" }], stream: true }),
  });

async function wordsOf(response: Response): Promise<string> {
  let text = "";
  for await (const delta of readModelStream(response)) text += delta.content;
  return text;
}

/** A refusal as the issue asks it: 503, Retry-After in seconds, the Italian words with the same wait. */
async function expectRefused(response: Response) {
  expect(response.status).toBe(503);
  const seconds = Number(response.headers.get("Retry-After"));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(await response.json()).toEqual({ error: streamMessages.busy(seconds), retry_after: seconds });
}

test.each([
  ["the product's client (held for a resume)", true],
  ["a third party's (the plain road)", false],
])("past its open streams, %s: new chat questions are refused uncharged, every accepted answer arrives whole", async (_road, resumable) => {
  const { access_token } = await signInAs(server.url, "pro@oystar.test");
  const before = (await usage(access_token)).queries_used;

  // Questions one after another, each answered (its first piece) before the next: the first ones fill the process.
  const accepted: Response[] = [];
  const refused: Response[] = [];
  for (let i = 0; i < MAX_OPEN_STREAMS + 4; i += 1) {
    const response = await chat(access_token, resumable);
    (response.status === 200 ? accepted : refused).push(response);
  }
  expect(accepted).toHaveLength(MAX_OPEN_STREAMS);
  expect(refused).toHaveLength(4);
  for (const response of refused) await expectRefused(response);
  // Refused before they were charged: only the accepted ones count.
  expect((await usage(access_token)).queries_used).toBe(before + MAX_OPEN_STREAMS);

  letGo();
  expect(await Promise.all(accepted.map(wordsOf))).toEqual(Array.from({ length: MAX_OPEN_STREAMS }, () => WHOLE));
  // Their streams closed, the process takes questions again.
  await expect.poll(async () => (await chat(access_token, resumable)).status).toBe(200);
});

test("RAG's questions and a debate's calls are refused the same way while the process is full", async () => {
  const { access_token } = await signInAs(server.url, "business@oystar.test");
  const before = (await usage(access_token)).queries_used;
  const open = await Promise.all(Array.from({ length: MAX_OPEN_STREAMS }, () => chat(access_token, true)));
  expect(open.map((response) => response.status)).toEqual(Array.from({ length: MAX_OPEN_STREAMS }, () => 200));

  const asked = await fetch(`${server.url}/api/ask-stream`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(access_token) },
    body: JSON.stringify({ question: "Quante fontane ha Villa Aurora?", use_cache: false }),
  });
  await expectRefused(asked);
  const askedByLink = await fetch(`${server.url}/api/ask-stream?question=${encodeURIComponent("Quante fontane?")}`, {
    headers: bearer(access_token),
  });
  await expectRefused(askedByLink);
  // Refused before its body is read: no debate, valid or not, is looked at.
  const debateCall = await fetch(`${server.url}/api/debates/calls`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(access_token) },
    body: JSON.stringify({ debate_id: "00000000-0000-0000-0000-000000000000" }),
  });
  await expectRefused(debateCall);
  expect((await usage(access_token)).queries_used).toBe(before + MAX_OPEN_STREAMS);

  letGo();
  await Promise.all(open.map(wordsOf));
  // And once there is room, RAG answers whole, charged once.
  const answered = await readAnswer(
    await fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(access_token) },
      body: JSON.stringify({ question: "Quante fontane ha Villa Aurora?", use_cache: false }),
    }),
  );
  expect(answered).toMatchObject({ ended: true, error: null });
  expect((await usage(access_token)).queries_used).toBe(before + MAX_OPEN_STREAMS + 1);
});

test("resuming an answer is no new question: it is never refused, full or not", async () => {
  const { access_token } = await signInAs(server.url, "pro@oystar.test");
  const open = await Promise.all(Array.from({ length: MAX_OPEN_STREAMS }, () => chat(access_token, true)));
  const streamId = open[0]?.headers.get("Oystar-Stream-Id");
  expect(streamId).toBeTruthy();
  await expectRefused(await chat(access_token, true));
  const resumed = await fetch(`${server.url}/api/streams/${streamId}`, { headers: { ...bearer(access_token), "Last-Event-ID": "0" } });
  expect(resumed.status).toBe(200);
  letGo();
  expect(await wordsOf(resumed)).toBe(WHOLE);
  await Promise.all(open.map(wordsOf));
});

test("the operator sees it coming and happening: refusals by reason, events relayed, the loop's delay, the limit (issue 55 §4)", async () => {
  const metric = async (name: string) => {
    const text = await (await fetch(server.metricsUrl as string)).text();
    return text
      .split("\n")
      .filter((line) => line.startsWith(name))
      .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
  };
  const refusedBefore = await metric('oystar_admission_refusals_total{reason="open_streams"');
  const relayedBefore = await metric("oystar_events_relayed_total");
  const { access_token } = await signInAs(server.url, "pro@oystar.test");
  const open = await Promise.all(Array.from({ length: MAX_OPEN_STREAMS }, () => chat(access_token, false)));
  await expectRefused(await chat(access_token, false));
  expect(await metric('oystar_admission_refusals_total{reason="open_streams"')).toBe(refusedBefore + 1);
  expect(await metric('oystar_admission_limit{limit="open_streams"')).toBe(MAX_OPEN_STREAMS);
  letGo();
  await Promise.all(open.map(wordsOf));
  expect(await metric("oystar_events_relayed_total")).toBeGreaterThan(relayedBefore);
  expect(await fetch(server.metricsUrl as string).then((answer) => answer.text())).toMatch(
    /^oystar_event_loop_delay_seconds\{stat="p99",service="oystar"\} \d/m,
  );
});

test("a refused question's connection stays open for the next one (a busy process spares itself new connections)", async () => {
  const { access_token } = await signInAs(server.url, "pro@oystar.test");
  const open = await Promise.all(Array.from({ length: MAX_OPEN_STREAMS }, () => chat(access_token, false)));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const body = JSON.stringify({ model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Quante fontane?" }], stream: true });
  const ask = () =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const asked = request(
        `${server.url}/groq/chat/completions`,
        {
          method: "POST",
          agent,
          headers: { "Content-Type": "application/json", ...bearer(access_token), "Content-Length": Buffer.byteLength(body) },
        },
        (answer) => {
          answer.resume();
          answer.once("end", () => resolve({ status: answer.statusCode ?? 0, reused: asked.reusedSocket }));
        },
      );
      asked.once("error", reject);
      asked.end(body);
    });
  expect(await ask()).toEqual({ status: 503, reused: false });
  expect(await ask()).toEqual({ status: 503, reused: true });
  agent.destroy();
  letGo();
  await Promise.all(open.map(wordsOf));
});
