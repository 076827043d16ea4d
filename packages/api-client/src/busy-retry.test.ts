// @vitest-environment node
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { askAgainOnceWhenBusy, type Later } from "./busy-retry";
import { createApiClient } from "./client";
import { HttpError } from "./errors";

// Issue 55 §1: a server too busy for a new question answers 503 with Retry-After; the client asks
// once more after that wait. A real HTTP server refuses as many times as a test says; the wait is
// an injected timer, fired by the test.

let server: Server;
let refusals = 0;
let retryAfter: string | null = "3";
let asked = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      asked += 1;
      if (refusals > 0) {
        refusals -= 1;
        return res
          .writeHead(503, { "Content-Type": "application/json", ...(retryAfter ? { "Retry-After": retryAfter } : {}) })
          .end('{"error":"Servizio molto richiesto: riprova tra 3 s."}');
      }
      res.writeHead(200, { "Content-Type": "text/event-stream" }).end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked = 0;
  retryAfter = "3";
});

/** A timer the test fires: the waits asked for, and their tasks. */
function manualLater() {
  const waits: number[] = [];
  let due: (() => void) | null = null;
  const later: Later = (task, ms) => {
    waits.push(ms);
    due = task;
    return () => (due = null);
  };
  return { later, waits, fire: () => due?.() };
}

const question = () =>
  createApiClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }).raw("/domanda", { method: "POST" });

test("refused as too busy, the question is asked again once, after the wait the server said", async () => {
  refusals = 1;
  const clock = manualLater();
  const told: number[] = [];
  const answer = askAgainOnceWhenBusy(question, { later: clock.later, onBusy: (seconds) => told.push(seconds) });
  await expect.poll(() => clock.waits).toEqual([3000]);
  expect(told).toEqual([3]);
  expect(asked).toBe(1);
  clock.fire();
  expect((await answer).status).toBe(200);
  expect(asked).toBe(2);
});

test("refused twice, the second refusal is the caller's: no third question", async () => {
  refusals = 2;
  const clock = manualLater();
  const answer = askAgainOnceWhenBusy(question, { later: clock.later });
  await expect.poll(() => clock.waits.length).toBe(1);
  clock.fire();
  const error = await answer.catch((thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(HttpError);
  expect(error).toMatchObject({ status: 503, retryAfterSeconds: 3, serverMessage: "Servizio molto richiesto: riprova tra 3 s." });
  expect(asked).toBe(2);
  refusals = 0;
});

test("a 503 without Retry-After is not a busy server's: it is not asked again", async () => {
  refusals = 1;
  retryAfter = null;
  const clock = manualLater();
  await expect(askAgainOnceWhenBusy(question, { later: clock.later })).rejects.toMatchObject({ status: 503, retryAfterSeconds: null });
  expect(clock.waits).toEqual([]);
  expect(asked).toBe(1);
});

test("the caller leaving during the wait asks nothing more", async () => {
  refusals = 1;
  const clock = manualLater();
  const leaving = new AbortController();
  const answer = askAgainOnceWhenBusy(question, { later: clock.later, signal: leaving.signal });
  await expect.poll(() => clock.waits.length).toBe(1);
  leaving.abort(new Error("STOP"));
  await expect(answer).rejects.toThrow("STOP");
  clock.fire();
  expect(asked).toBe(1);
});
