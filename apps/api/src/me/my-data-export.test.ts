import { API_PATHS, myDataSchema } from "@oystar/api-client";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { userIdOf } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// Issue 47 §5 (the fourth attack run): 'I miei dati' built the whole file in memory — an account
// with a million debate rows (an hour of POST /api/debates/increment) made a 252 MB answer, the
// server's memory went 148 → 1,684 MB and other requests waited 3.4 s. Now the file is written as
// it is read, a page of rows at a time.

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A new account, registered by its first call, and its token. */
async function newAccount(email: string): Promise<{ token: string; userId: string }> {
  const { access_token: token } = await signInAs(server.url, email);
  expect((await fetch(`${server.url}${API_PATHS.me}`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
  return { token, userId: await userIdOf(server.db, email) };
}

/** `count` debate rows of the account, one a second back from now, as a year of use would leave. */
async function debateRows(userId: string, count: number) {
  await server.db.query(
    "INSERT INTO debates (user_id, created_at, turns_used) SELECT $1, now() - make_interval(secs => g), g % 7 FROM generate_series(1, $2::int) AS g",
    [userId, count],
  );
}

test("a file over several pages of rows holds each row once, oldest first, in the file's shape", async () => {
  const { token: access_token, userId } = await newAccount("archivio-piccolo@oystar.test");
  await debateRows(userId, 2_500);
  const answer = await fetch(`${server.url}${API_PATHS.myData}`, { headers: { Authorization: `Bearer ${access_token}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
  expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="oystar-i-miei-dati-\d{4}-\d{2}-\d{2}\.json"$/);
  const data = myDataSchema.parse(await answer.json());
  expect(data.debates).toHaveLength(2_500);
  expect(new Set(data.debates.map((debate) => debate.id)).size).toBe(2_500);
  const times = data.debates.map((debate) => Date.parse(debate.createdAt));
  expect(times).toEqual([...times].sort((a, b) => a - b));
});

test("a million debate rows: streamed with the server's memory bounded, other requests answered meanwhile", async () => {
  const { token: access_token, userId } = await newAccount("archivio-grande@oystar.test");
  await debateRows(userId, 1_000_000);
  // PGlite wrote those rows on this process's thread (the test's server runs in it) for a minute
  // or more: the connections fetch keeps may be closed by the server's keep-alive timers, late,
  // just as they are reused. One request lets them go before the one measured.
  await fetch(`${server.url}/api/health`).catch(() => undefined);
  const residentBefore = process.memoryUsage.rss();
  let residentPeak = residentBefore;
  const started = performance.now();
  const answer = await fetch(`${server.url}${API_PATHS.myData}`, { headers: { Authorization: `Bearer ${access_token}` } });
  expect(answer.status).toBe(200);

  // Another caller's requests while the file is written, one after the other.
  let reading = true;
  const waits: number[] = [];
  const otherCaller = (async () => {
    while (reading) {
      const asked = performance.now();
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      waits.push(performance.now() - asked);
    }
  })();

  // The file read as a browser saves it: piece by piece, never whole (the server runs in this process).
  const decoder = new TextDecoder();
  let rows = 0;
  let carry = "";
  let opening = "";
  let ending = "";
  let bytes = 0;
  for await (const piece of answer.body!) {
    bytes += piece.length;
    const text = carry + decoder.decode(piece, { stream: true });
    rows += text.split('"turnsUsed":').length - 1;
    carry = text.slice(-16);
    rows -= carry.split('"turnsUsed":').length - 1;
    if (opening.length < 64) opening += text.slice(0, 64);
    ending = (ending + text).slice(-200);
    residentPeak = Math.max(residentPeak, process.memoryUsage.rss());
  }
  rows += carry.split('"turnsUsed":').length - 1;
  const writing = performance.now() - started;
  reading = false;
  await otherCaller;

  expect(opening).toMatch(/^\{"exportedAt":"/);
  expect(ending).toMatch(/"deviceKey":\{"exists":(true|false),"createdAt":[^}]*\}\}$/);
  expect(rows).toBe(1_000_000);
  expect(bytes).toBeGreaterThan(200 * 1024 * 1024);
  expect(residentPeak - residentBefore).toBeLessThan(250 * 1024 * 1024);
  // Answered all along, none held for long: built whole, the file held them for most of its making.
  // (A share of the file's time, not seconds: the machine's speed changes both alike.)
  expect(waits.length).toBeGreaterThan(10);
  expect(Math.max(...waits)).toBeLessThan(writing / 10);
}, 600_000);
