// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { createApiClient } from "./client";
import { HttpError, ResponseShapeError, TimeoutError } from "./errors";

// A real HTTP server: the client is tested on the wire, not against a fake fetch.
let server: Server;
let baseUrl: string;
let lastHeaders: IncomingHttpHeaders = {};
let lastBody = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    lastHeaders = req.headers;
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      lastBody = body;
      if (req.url === "/ok") return res.writeHead(200, { "Content-Type": "application/json" }).end('{"status":"ok","n":1}');
      if (req.url === "/echo") return res.writeHead(200, { "Content-Type": "application/json" }).end(body || "{}");
      if (req.url === "/quota") return res.writeHead(429, { "Content-Type": "application/json" }).end('{"error":"Quota esaurita"}');
      if (req.url === "/slow") return setTimeout(() => res.writeHead(200).end("{}"), 500);
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const okSchema = z.object({ status: z.literal("ok"), n: z.number() });

test("a GET parses the answer with its schema and sends the bearer token", async () => {
  const client = createApiClient({ baseUrl, getAccessToken: async () => "token-123" });
  await expect(client.get("/ok", okSchema)).resolves.toEqual({ status: "ok", n: 1 });
  expect(lastHeaders.authorization).toBe("Bearer token-123");
});

test("without a token, or when the getter fails, the call goes out without one", async () => {
  await createApiClient({ baseUrl, getAccessToken: async () => null }).get("/ok", okSchema);
  expect(lastHeaders.authorization).toBeUndefined();
  await createApiClient({
    baseUrl,
    getAccessToken: async () => {
      throw new Error("login_required");
    },
  }).get("/ok", okSchema);
  expect(lastHeaders.authorization).toBeUndefined();
});

test("a POST sends JSON", async () => {
  const client = createApiClient({ baseUrl });
  const echoed = await client.post("/echo", { plan: "pro" }, z.object({ plan: z.string() }));
  expect(echoed).toEqual({ plan: "pro" });
  expect(lastHeaders["content-type"]).toBe("application/json");
  expect(JSON.parse(lastBody)).toEqual({ plan: "pro" });
});

test("a non-OK answer is an HttpError with the spec's message and the server's reason", async () => {
  const client = createApiClient({ baseUrl });
  const error = await client.get("/quota", okSchema).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).message).toBe("HTTP error! status: 429");
  expect((error as HttpError).status).toBe(429);
  expect((error as HttpError).serverMessage).toBe("Quota esaurita");
});

test("an answer of the wrong shape is a ResponseShapeError", async () => {
  const client = createApiClient({ baseUrl });
  await expect(client.get("/ok", z.object({ plans: z.array(z.unknown()) }))).rejects.toBeInstanceOf(ResponseShapeError);
});

test("a server slower than the timeout gives a TimeoutError", async () => {
  const client = createApiClient({ baseUrl, timeoutMs: 50 });
  await expect(client.get("/slow", z.unknown())).rejects.toBeInstanceOf(TimeoutError);
});

test("the default timeout is the spec's 30 seconds", async () => {
  const { DEFAULT_TIMEOUT_MS } = await import("./client");
  expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
});

test("a caller's abort is not reported as a timeout", async () => {
  const client = createApiClient({ baseUrl });
  const controller = new AbortController();
  const pending = client.get("/slow", z.unknown(), { signal: controller.signal });
  controller.abort();
  const error = await pending.catch((caught: unknown) => caught);
  expect(error).not.toBeInstanceOf(TimeoutError);
  expect((error as Error).name).toBe("AbortError");
});
