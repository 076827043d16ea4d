import { readModelStream } from "@oystar/api-client";
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { readEvents } from "../../test-support/rag-helpers";
import { captureServerLog } from "../../test-support/server-log";
import { signInAs } from "../dev-idp/dev-sign-in";

// issue 37 §5: what an operator reads — Prometheus metrics on their own listener, JSON log lines
// with the request's id (sent on to the model), route, status, duration and a hash of the account —
// and never what a user wrote. A fake model server over real HTTP (the only double) answers, or
// fails with a 500 when asked to.

const CANARY = `canarino${randomBytes(6).toString("hex")}`;
const REQUEST_ID = "prova-richiesta-0001";
/** The X-Request-Id of each question the model received. */
const requestIdsHeard: string[] = [];
let upstream: Server;
let server: Awaited<ReturnType<typeof startTestServer>>;
let log: ReturnType<typeof captureServerLog>;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      if (req.url === "/v1/models") return res.writeHead(200, { "Content-Type": "application/json" }).end('{"object":"list","data":[]}');
      requestIdsHeard.push(String(req.headers["x-request-id"] ?? ""));
      if (raw.includes("GUASTO")) return res.writeHead(500).end("guasto");
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: "Risposta [1] del modello." } }] })}\n\n`);
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  log = captureServerLog();
  server = await startTestServer({
    LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`,
    METRICS_PORT: "0",
    LOG_LEVEL: "info",
  });
});
afterAll(async () => {
  log.stop();
  await server?.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

/** The metrics' samples: `name{labels} value` lines, labels parsed. */
async function samples(): Promise<Array<{ name: string; labels: Record<string, string>; value: number }>> {
  const text = await (await fetch(server.metricsUrl ?? "")).text();
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`riga di metriche illeggibile: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((label) => [label[1], label[2]]));
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

const valueOf = (all: Awaited<ReturnType<typeof samples>>, name: string, labels: Record<string, string> = {}) =>
  all
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);

test("requests, streams, the model's first token and failures, questions charged and refunded, RAG search: counted, and nothing a user wrote", async () => {
  const { access_token } = await signInAs(server.url, "business@oystar.test");
  const ask = (content: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/groq/chat/completions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ model: "openai/gpt-oss-20b", messages: [{ role: "user", content }], stream: true }),
    });

  const answered = await ask(`Una domanda con ${CANARY}`, { "X-Request-Id": REQUEST_ID });
  expect(answered.status).toBe(200);
  expect(answered.headers.get("x-request-id")).toBe(REQUEST_ID);
  let text = "";
  for await (const delta of readModelStream(answered)) text += delta.content;
  expect(text).toContain("Risposta");
  const failed = await ask(`GUASTO ${CANARY}`);
  expect(failed.status).toBe(502);
  const rag = await fetch(`${server.url}/api/ask-stream`, {
    method: "POST",
    headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ question: `Quante fontane ha Villa Aurora? ${CANARY}`, use_cache: false }),
  });
  expect(rag.status).toBe(200);
  await readEvents(rag);

  // The model server heard the request's id with the question.
  expect(requestIdsHeard[0]).toBe(REQUEST_ID);

  const all = await samples();
  expect(valueOf(all, "oystar_http_requests_total", { method: "POST", route: "/groq/chat/completions", status: "200" })).toBe(1);
  expect(valueOf(all, "oystar_http_requests_total", { method: "POST", route: "/groq/chat/completions", status: "502" })).toBe(1);
  expect(valueOf(all, "oystar_http_request_duration_seconds_count", { method: "POST", route: "/api/ask-stream" })).toBe(1);
  expect(valueOf(all, "oystar_streams_open")).toBe(0);
  expect(valueOf(all, "oystar_model_first_token_seconds_count")).toBeGreaterThanOrEqual(2);
  expect(valueOf(all, "oystar_model_errors_total", { kind: "status" })).toBe(1);
  expect(valueOf(all, "oystar_questions_total", { counter: "queries_used", plan: "business", outcome: "charged" })).toBe(3);
  expect(valueOf(all, "oystar_questions_total", { counter: "queries_used", plan: "business", outcome: "refunded" })).toBe(1);
  expect(valueOf(all, "oystar_rag_search_seconds_count")).toBe(1);
  expect(valueOf(all, "oystar_rag_ingestion_seconds_count", { stage: "store" })).toBeGreaterThanOrEqual(1);
  expect(valueOf(all, "oystar_workers_up")).toBe(1);
  if (server.db.kind === "postgres") expect(valueOf(all, "oystar_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
  const metricsText = await (await fetch(server.metricsUrl ?? "")).text();
  expect(metricsText).not.toContain(CANARY);
  expect(metricsText).not.toContain("business@oystar.test");
});

test("each request is one JSON log line: id, route, status, duration, a hash of the account — never the question", async () => {
  const entries = log.entries();
  const question = entries.find((entry) => entry.request_id === REQUEST_ID && entry.msg === "richiesta");
  expect(question).toMatchObject({
    level: "info",
    method: "POST",
    route: "/groq/chat/completions",
    status: 200,
    stream: true,
    account: expect.stringMatching(/^[\w-]{16}$/),
  });
  expect(question?.ms).toEqual(expect.any(Number));
  const failed = entries.find((entry) => entry.route === "/groq/chat/completions" && entry.status === 502);
  // One account, one hash; and it is not the account's id or e-mail.
  expect(failed?.account).toBe(question?.account);
  const [account] = await server.db.query<{ id: string; sub: string }>(
    "SELECT id::text AS id, sub FROM users WHERE email = 'business@oystar.test'",
  );
  expect([account?.id, account?.sub, "business@oystar.test"]).not.toContain(question?.account);
  // Every request has an id, given or made.
  expect(entries.filter((entry) => entry.msg === "richiesta").every((entry) => typeof entry.request_id === "string")).toBe(true);
  expect(log.lines().filter((line) => line.includes(CANARY) || line.includes("fontane"))).toEqual([]);
});

test("the metrics are on their own listener, on loopback, not on the public origin", async () => {
  expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  const onPublicOrigin = await fetch(`${server.url}/metrics`);
  expect(await onPublicOrigin.text()).not.toContain("oystar_http_requests_total");
  const elsewhere = await fetch((server.metricsUrl ?? "").replace("/metrics", "/altro"));
  expect(elsewhere.status).toBe(404);
});
