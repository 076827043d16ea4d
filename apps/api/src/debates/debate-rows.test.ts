import { API_PATHS } from "@oystar/api-client";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { userIdOf } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// Issue 47 §5 (the fourth attack run): POST /api/debates/increment had no per-account rate, and
// each start is a row — an unlimited plan made a million in an hour. Starts are now limited like
// the other writing routes, and rows are kept twelve months, as the privacy page says.

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const start = (token: string) =>
  fetch(`${server.url}${API_PATHS.debateIncrement}`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });

test("debate rows older than twelve months are deleted; younger ones stay", async () => {
  const { access_token } = await signInAs(server.url, "base@oystar.test");
  expect((await fetch(`${server.url}${API_PATHS.me}`, { headers: { Authorization: `Bearer ${access_token}` } })).status).toBe(200);
  const userId = await userIdOf(server.db, "base@oystar.test");
  await server.db.query(
    `INSERT INTO debates (user_id, created_at) VALUES ($1, now() - interval '12 months 1 day'), ($1, now() - interval '11 months')`,
    [userId],
  );
  // A server looks for rows past their time at its first start of a debate (then once an hour).
  expect((await start(access_token)).status).toBe(200);
  const ages = await server.db.query<{ old: boolean }>(
    "SELECT created_at < now() - interval '12 months' AS old FROM debates WHERE user_id = $1",
    [userId],
  );
  expect(ages).toHaveLength(2);
  expect(ages.every((row) => !row.old)).toBe(true);
});

test("an account on an unlimited plan starts 60 debates an hour; the 61st is refused with Retry-After and nothing is counted", async () => {
  const { access_token } = await signInAs(server.url, "enterprise@oystar.test");
  for (let started = 0; started < 60; started += 1) expect((await start(access_token)).status).toBe(200);
  const refused = await start(access_token);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect((await refused.json()) as { error: string }).toMatchObject({
    error: expect.stringMatching(/^Troppi dibattiti avviati in poco tempo: riprova tra \d+ minut[io]\.$/),
  });
  const [rows] = await server.db.query<{ rows: number }>("SELECT count(*)::int AS rows FROM debates WHERE user_id = $1", [
    await userIdOf(server.db, "enterprise@oystar.test"),
  ]);
  expect(rows?.rows).toBe(60);
  // Another account is not held back by it.
  expect((await start((await signInAs(server.url, "pro@oystar.test")).access_token)).status).toBe(200);
});
