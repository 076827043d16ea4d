import { expect, test, vi } from "vitest";
import { createModelHealth, HEALTH_CHECK_MODEL, HEALTH_TIMEOUT_MS } from "./model-health";

/** A model server answering with `status`, or not at all (null), recording what it was asked. */
function modelServer(status: number | null) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  const fetchFake = (async (url: string | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : null });
    if (status === null) throw new TypeError("fetch failed");
    return new Response("{}", { status });
  }) as typeof fetch;
  return { calls, fetchFake };
}

const cloud = { baseUrl: "https://api.groq.test/openai/v1", apiKey: "k", provider: "cloud" as const };
const local = { baseUrl: "http://localhost:8000/groq", apiKey: null, provider: "local" as const };

test.each([
  [200, true],
  [400, true],
  [429, true],
  [500, false],
  [503, false],
  [null, false],
])("cloud: a one-token completion answered %s is healthy: %s (spec 001 §7)", async (status, healthy) => {
  const server = modelServer(status);
  expect((await createModelHealth(cloud, { fetch: server.fetchFake })()).healthy).toBe(healthy);
  expect(server.calls[0]).toMatchObject({
    url: `${cloud.baseUrl}/chat/completions`,
    method: "POST",
    body: { model: HEALTH_CHECK_MODEL, max_tokens: 1 },
  });
});

test.each([
  [200, true],
  [404, false],
  [null, false],
])("local: GET /version answered %s is healthy: %s", async (status, healthy) => {
  const server = modelServer(status);
  expect((await createModelHealth(local, { fetch: server.fetchFake })()).healthy).toBe(healthy);
  expect(server.calls[0]).toMatchObject({ url: "http://localhost:8000/version", method: "GET" });
});

test("the model is asked at most once every 30 s, and once for callers arriving together", async () => {
  let now = 1_000_000;
  const server = modelServer(200);
  const health = createModelHealth(cloud, { fetch: server.fetchFake, now: () => now });
  await Promise.all([health(), health(), health()]);
  now += 29_000;
  await health();
  expect(server.calls).toHaveLength(1);
  now += 2_000;
  await health();
  expect(server.calls).toHaveLength(2);
});

/** A model server that never answers: its request ends only when the caller gives up on it. */
function silentModelServer() {
  const asked: AbortSignal[] = [];
  const fetchFake = ((_url: string | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal;
      if (signal) asked.push(signal);
      signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
    })) as typeof fetch;
  return { asked, fetchFake };
}

/** The probe's time limit, fired by hand: no waiting 5 s. */
function handTimeout() {
  const limits: Array<{ delayMs: number; controller: AbortController }> = [];
  return {
    limits,
    timeout: (delayMs: number) => {
      const controller = new AbortController();
      limits.push({ delayMs, controller });
      return controller.signal;
    },
    expire: () => limits.forEach(({ controller }) => controller.abort(new DOMException("The operation timed out.", "TimeoutError"))),
  };
}

test.each([cloud, local])("a $provider model that never answers is given 5 s, then unhealthy (spec 001 §7)", async (upstream) => {
  const server = silentModelServer();
  const timer = handTimeout();
  let settled = false;
  const checked = createModelHealth(upstream, { fetch: server.fetchFake, timeout: timer.timeout })().finally(() => (settled = true));
  await Promise.resolve();
  expect(timer.limits.map(({ delayMs }) => delayMs)).toEqual([HEALTH_TIMEOUT_MS]);
  expect(HEALTH_TIMEOUT_MS).toBe(5000);
  // Still waiting until the limit: the silence alone decides nothing.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(settled).toBe(false);
  timer.expire();
  expect((await checked).healthy).toBe(false);
  // The request itself was called off, not left hanging.
  expect(server.asked).toHaveLength(1);
  expect(server.asked[0]?.aborted).toBe(true);
});

test("by default the limit is AbortSignal.timeout(5 s)", async () => {
  const server = silentModelServer();
  const asked: number[] = [];
  const real = AbortSignal.timeout.bind(AbortSignal);
  // The 5 s limit as asked for, expiring at once so the test does not wait for it.
  const spy = vi.spyOn(AbortSignal, "timeout").mockImplementation((delayMs) => {
    asked.push(delayMs);
    return real(1);
  });
  try {
    expect((await createModelHealth(cloud, { fetch: server.fetchFake })()).healthy).toBe(false);
    expect(asked).toEqual([HEALTH_TIMEOUT_MS]);
  } finally {
    spy.mockRestore();
  }
});
