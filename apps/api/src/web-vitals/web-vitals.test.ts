import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";
import { bucketOf, bucketValue, p75 } from "./vital-buckets";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const report = (body: unknown, headers: Record<string, string> = { "Content-Type": "application/json" }) =>
  fetch(`${server.url}/api/web-vitals`, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
const read = (token?: string) =>
  fetch(`${server.url}/api/admin/web-vitals`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

describe("buckets and percentiles", () => {
  test("a value is found again within 5 %", () => {
    for (const value of [2, 57, 850, 2500, 60_000]) {
      const found = bucketValue("LCP", bucketOf("LCP", value));
      expect(found).toBeGreaterThanOrEqual(value);
      expect(found).toBeLessThanOrEqual(Math.ceil(value * 1.05));
    }
    expect(bucketValue("CLS", bucketOf("CLS", 0.25))).toBeCloseTo(0.25, 1);
    expect(bucketOf("CLS", 0)).toBe(0);
    expect(bucketValue("CLS", 0)).toBe(0);
  });

  test("the 75th percentile is the first bucket that reaches 75 % of the samples", () => {
    const buckets = [100, 200, 300, 4000].map((value) => ({ bucket: bucketOf("LCP", value), samples: 1 }));
    expect(p75("LCP", buckets)).toBe(bucketValue("LCP", bucketOf("LCP", 300)));
    expect(p75("LCP", [])).toBe(0);
  });
});

describe("POST /api/web-vitals", () => {
  test("the page and the metric are counted; the admin reads p75 per page", async () => {
    for (const value of [1000, 1200, 1400, 9000]) expect((await report({ page: "/oystar", name: "LCP", value })).status).toBe(204);
    expect((await report({ page: "/chat", name: "CLS", value: 0.05 })).status).toBe(204);
    const { access_token } = await signInAs(server.url, "admin@oystar.test");
    const answer = await read(access_token);
    expect(answer.status).toBe(200);
    const { vitals } = (await answer.json()) as { vitals: Array<{ page: string; metric: string; p75: number; samples: number }> };
    const lcp = vitals.find((vital) => vital.page === "/oystar" && vital.metric === "LCP");
    expect(lcp?.samples).toBe(4);
    expect(lcp?.p75).toBeGreaterThanOrEqual(1400);
    expect(lcp?.p75).toBeLessThanOrEqual(1470);
    expect(vitals.find((vital) => vital.page === "/chat")).toMatchObject({ metric: "CLS", samples: 1 });
  });

  test("nothing about who sent it is kept: only page, metric, bucket and a count", async () => {
    const columns = await server.db.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'web_vital_buckets' ORDER BY ordinal_position",
    );
    expect(columns.map((column) => column.column_name)).toEqual(["page", "metric", "bucket", "samples"]);
  });

  test("anything but a page and a metric is refused, in Italian", async () => {
    const refused = [
      { page: "/oystar", name: "LCP", value: 900, user: "mario@esempio.it" },
      { page: "/utente/mario", name: "LCP", value: 900 },
      { page: "/oystar", name: "FID", value: 9 },
      { page: "/oystar", name: "CLS", value: 5000 },
      "{",
    ];
    for (const body of refused) {
      const answer = await report(body);
      expect(answer.status).toBe(400);
      expect(typeof ((await answer.json()) as { error: string }).error).toBe("string");
    }
    expect((await report({ page: "/oystar", name: "LCP", value: 1 }, { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await report({ page: "/oystar", name: "LCP", value: 1, pad: "x".repeat(400) })).status).toBe(413);
  });

  test("the report is the admin's alone", async () => {
    expect((await read()).status).toBe(401);
    const { access_token } = await signInAs(server.url, "pro@oystar.test");
    const refused = await read(access_token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Solo l'amministratore vede le prestazioni delle pagine." });
  });

  test("one address is limited: past the limit its measures are dropped, quietly", async () => {
    const statuses = new Set<number>();
    for (let sent = 0; sent < 130; sent += 1) statuses.add((await report({ page: "/oystar-ai", name: "TTFB", value: 40 })).status);
    expect([...statuses]).toEqual([204]);
    const [counted] = await server.db.query<{ samples: string }>(
      "SELECT sum(samples)::text AS samples FROM web_vital_buckets WHERE page = '/oystar-ai' AND metric = 'TTFB'",
    );
    expect(Number(counted?.samples)).toBeLessThanOrEqual(120);
    expect(Number(counted?.samples)).toBeGreaterThan(0);
  });
});
