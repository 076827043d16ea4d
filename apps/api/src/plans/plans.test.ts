import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureUser } from "../accounts/accounts";
import { chargeQuery, refund, usageOf } from "./quota";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const call = (path: string, token: string, method = "GET") =>
  fetch(`${server.url}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });

test("GET /api/plans is public and lists the five plans", async () => {
  const body = await (await fetch(`${server.url}/api/plans`)).json();
  expect(body.plans.map((plan: { id: string }) => plan.id)).toEqual(["free", "base", "pro", "business", "enterprise"]);
  expect(body.plans[4]).toMatchObject({ id: "enterprise", price: null });
  expect(body.plans[0]).not.toHaveProperty("rag_max_bytes");
});

test("signed-in routes answer 401 without a valid token", async () => {
  for (const [path, method] of [
    ["/api/subscription/status", "GET"],
    ["/api/debates/increment", "POST"],
  ] as const) {
    expect((await call(path, "not-a-token", method)).status).toBe(401);
  }
});

describe("subscription status", () => {
  test("a new free account starts at 0/50 queries and no debates", async () => {
    const { access_token } = await signInAs(server.url, "stato.free@esempio.it");
    const status = await (await call("/api/subscription/status", access_token)).json();
    expect(status).toMatchObject({
      plan: "free",
      plan_name: "Free",
      queries_used: 0,
      queries_limit: 50,
      debates_used: 0,
      debates_limit: 0,
      rag_enabled: false,
    });
    // The counters reset at the start of the next calendar month (UTC).
    expect(new Date(status.period_end).getUTCDate()).toBe(1);
    expect(new Date(status.period_end).getTime()).toBeGreaterThan(Date.now());
  });

  test("business is unlimited with RAG", async () => {
    const { access_token } = await signInAs(server.url, "business@oystar.test");
    expect(await (await call("/api/subscription/status", access_token)).json()).toMatchObject({
      plan: "business",
      queries_limit: -1,
      debates_limit: -1,
      rag_enabled: true,
      rag_indices_limit: 3,
    });
  });
});

describe("debates", () => {
  test("free has no debates: 429 with the reset date and the spec's message", async () => {
    const { access_token } = await signInAs(server.url, "free@oystar.test");
    const response = await call("/api/debates/increment", access_token, "POST");
    expect(response.status).toBe(429);
    const body = await response.json();
    expect(body.error).toBe("Hai raggiunto il limite di dibattiti del tuo piano corrente.");
    expect(body.reset_at).toMatch(/^\d{4}-\d{2}-01T00:00:00/);
  });

  test("concurrent starts can never pass the limit: base gets exactly 30 of 40", async () => {
    const { access_token } = await signInAs(server.url, "base@oystar.test");
    const responses = await Promise.all(Array.from({ length: 40 }, () => call("/api/debates/increment", access_token, "POST")));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const ok = await responses.find((response) => response.status === 200)?.json();
    expect(ok.debate_id).toMatch(/^[0-9a-f-]{36}$/);
    const status = await (await call("/api/subscription/status", access_token)).json();
    expect(status).toMatchObject({ debates_used: 30, debates_limit: 30 });
  });

  test("the admin is never blocked", async () => {
    const { access_token } = await signInAs(server.url, "admin@oystar.test");
    for (let i = 0; i < 3; i += 1) expect((await call("/api/debates/increment", access_token, "POST")).status).toBe(200);
  });
});

describe("charging queries (the function chat and RAG call)", () => {
  async function userFor(sub: string, plan: "free" | "base" | "pro") {
    const user = await ensureUser(server.db, { sub, email: null, emailVerified: false, name: null, picture: null });
    await server.db.query("UPDATE users SET plan = $1 WHERE id = $2", [plan, user.id]);
    return { ...user, plan, isAdmin: false };
  }

  test("60 concurrent questions on free: exactly 50 are served", async () => {
    const user = await userFor("test|concurrent-free", "free");
    const results = await Promise.all(Array.from({ length: 60 }, () => chargeQuery(server.db, user)));
    expect(results.filter((result) => result.ok)).toHaveLength(50);
    expect(await usageOf(server.db, user)).toEqual({ queries_used: 50, debates_used: 0 });
  });

  test("1,000 concurrent questions at a limit of 300: exactly 300 served, 700 refused, 300 stored", async () => {
    const user = await userFor("test|concurrent-base", "base");
    const results = await Promise.all(Array.from({ length: 1000 }, () => chargeQuery(server.db, user)));
    expect(results.filter((result) => result.ok)).toHaveLength(300);
    expect(results.filter((result) => !result.ok)).toHaveLength(700);
    expect(await usageOf(server.db, user)).toEqual({ queries_used: 300, debates_used: 0 });
  });

  test("a refunded query can be asked again", async () => {
    const user = await userFor("test|refund", "free");
    for (let i = 0; i < 50; i += 1) await chargeQuery(server.db, user);
    expect((await chargeQuery(server.db, user)).ok).toBe(false);
    await refund(server.db, user, "queries_used");
    expect((await chargeQuery(server.db, user)).ok).toBe(true);
  });

  test("a new calendar month starts from zero", async () => {
    const user = await userFor("test|month", "pro");
    const november = new Date("2026-11-30T23:59:00Z");
    const december = new Date("2026-12-01T00:01:00Z");
    await chargeQuery(server.db, user, november);
    await chargeQuery(server.db, user, november);
    const first = await chargeQuery(server.db, user, december);
    expect(first).toMatchObject({ ok: true, usage: { queries_used: 1 } });
    expect(await usageOf(server.db, user, november)).toMatchObject({ queries_used: 2 });
  });
});
