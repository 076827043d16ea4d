import { expect, test } from "vitest";
import { createModelHealth, HEALTH_CHECK_MODEL } from "./model-health";

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
  expect(server.calls[0]).toMatchObject({ url: `${cloud.baseUrl}/chat/completions`, method: "POST", body: { model: HEALTH_CHECK_MODEL, max_tokens: 1 } });
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
