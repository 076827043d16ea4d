import { API_PATHS, apiPath, LAST_EVENT_ID_HEADER, RESUMABLE_REQUEST_HEADER, STREAM_ID_HEADER } from "@oystar/api-client";
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { startApiProcess, streamFrom as streamTo, type ApiProcess } from "../../test-support/api-process";
import { makeAppFolders, RAG_FIXTURES_DIR } from "../../test-support/fixtures";
import { startPostgres, type TestPostgres } from "../../test-support/postgres";
import { signInAs } from "../dev-idp/dev-sign-in";

// Issue 35 §2: two server processes on one PostgreSQL behind one public address. An answer one
// of them holds is resumed, and stopped, through the other — relayed by LISTEN/NOTIFY, nothing
// stored — whole, from after the last event the client had, nothing twice; and only for the
// account that asked.

const PUBLIC_URL = "http://oystar.test";
let postgres: TestPostgres;
let servers: [ApiProcess, ApiProcess];
let databaseUrl: string;
const folders = makeAppFolders();
const dataDirs = [mkdtempSync(join(tmpdir(), "oystar-data-")), mkdtempSync(join(tmpdir(), "oystar-data-"))];

beforeAll(async () => {
  postgres = await startPostgres();
  const common = {
    DATABASE_URL: (databaseUrl = await postgres.createDatabase()),
    PUBLIC_URL,
    MARKETING_DIST: folders.marketingDist,
    ASSISTANT_DIST: folders.assistantDist,
    RAG_DEMO_DIR: RAG_FIXTURES_DIR,
    // Slow enough that an answer is still being written when the client comes back elsewhere.
    OFFLINE_MODEL_CHARS_PER_SECOND: "300",
  };
  const [first, second] = await Promise.all(dataDirs.map((dataDir) => startApiProcess({ ...common, DATA_DIR: dataDir })));
  servers = [first!, second!];
}, 180_000);

afterAll(async () => {
  await Promise.all(servers?.map((server) => server.stop()) ?? []);
  await postgres?.stop();
  for (const folder of [folders.root, ...dataDirs]) rmSync(folder, { recursive: true, force: true });
});

const signIn = async (server: ApiProcess, email: string) => (await signInAs(PUBLIC_URL, email, { fetch: server.fetch })).access_token;

/** A streamed request to one server, as the browser sends it to the public address. */
const streamFrom = (server: ApiProcess, options: Parameters<typeof streamTo>[2]) => streamTo(server, PUBLIC_URL, options);

/** Reads `answer` until it has `events` whole events (then drops the connection) or to its end. */
function readEvents(answer: IncomingMessage, events = Number.POSITIVE_INFINITY): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let text = "";
    const whole = () => text.split("\n\n").slice(0, -1);
    answer.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (whole().length >= events) {
        answer.destroy();
        resolve(whole().slice(0, events));
      }
    });
    answer.on("end", () => resolve(whole()));
    answer.on("error", reject);
  });
}

const idOf = (event: string) => Number(/^id: (\d+)$/m.exec(event)?.[1]);
const chatQuestion = {
  model: "openai/gpt-oss-120b",
  messages: [{ role: "user", content: "Raccontami dei giardini all'italiana, con calma." }],
};

async function askOn(server: ApiProcess, token: string) {
  const answer = await streamFrom(server, {
    method: "POST",
    path: "/groq/chat/completions",
    token,
    headers: { [RESUMABLE_REQUEST_HEADER]: "1" },
    body: chatQuestion,
  });
  expect(answer.statusCode).toBe(200);
  const streamId = String(answer.headers[STREAM_ID_HEADER.toLowerCase()]);
  expect(streamId).toMatch(/^[\w-]{20,}$/);
  return { answer, streamId, path: apiPath(API_PATHS.answerStream, { streamId }) };
}

test("an answer held by one server is resumed through the other from after the last event received: whole, nothing twice", async () => {
  const [holder, other] = servers;
  const token = await signIn(holder, "base@oystar.test");
  const { answer, path } = await askOn(holder, token);
  // The connection drops after three events.
  const before = await readEvents(answer, 3);
  const last = idOf(before.at(-1)!);
  expect(last).toBe(3);

  const resumed = await streamFrom(other, { method: "GET", path, token, headers: { [LAST_EVENT_ID_HEADER]: String(last) } });
  expect(resumed.statusCode).toBe(200);
  expect(resumed.headers["content-type"]).toMatch(/^text\/event-stream/);
  const after = await readEvents(resumed);
  expect(after.map(idOf)).toEqual(Array.from({ length: after.length }, (_, n) => last + 1 + n));
  expect(after.at(-1)).toMatch(/data: \[DONE\]$/);

  // Whole: what the two connections gave is the answer the holder still gives from its start.
  const whole = await readEvents(await streamFrom(holder, { method: "GET", path, token }));
  expect([...before, ...after]).toEqual(whole);
}, 60_000);

test("another account, or an id nobody holds, is told the answer is not there; a STOP through the other server stops it", async () => {
  const [holder, other] = servers;
  const token = await signIn(holder, "base@oystar.test");
  const stranger = await signIn(other, "pro@oystar.test");
  const { answer, path } = await askOn(holder, token);
  await readEvents(answer, 1);

  const foreign = await streamFrom(other, { method: "GET", path, token: stranger });
  expect(foreign.statusCode).toBe(404);
  foreign.resume();
  const unknown = await streamFrom(other, { method: "GET", path: apiPath(API_PATHS.answerStream, { streamId: "x".repeat(24) }), token });
  expect(unknown.statusCode).toBe(404);
  unknown.resume();
  expect((await streamFrom(other, { method: "DELETE", path, token: stranger })).statusCode).toBe(404);

  const stopped = await streamFrom(other, { method: "DELETE", path, token });
  expect(stopped.statusCode).toBe(204);
  // Dropped at once on STOP: neither server has it any more.
  for (const server of servers) {
    const gone = await streamFrom(server, { method: "GET", path, token });
    expect(gone.statusCode).toBe(404);
    gone.resume();
  }
}, 60_000);

test("after the database drops their connections, the servers listen again and the relay goes on", async () => {
  const [holder, other] = servers;
  const token = await signIn(holder, "base@oystar.test");
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    // Every connection that listens (one per server process) is cut, as a database restart would.
    const cut = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ~ '^(LISTEN|UNLISTEN|SELECT pg_notify)'",
    );
    expect(cut.rowCount).toBeGreaterThanOrEqual(2);
  } finally {
    await admin.end();
  }
  await vi.waitFor(
    async () => {
      const { answer, path } = await askOn(holder, token);
      await readEvents(answer, 1);
      const resumed = await streamFrom(other, { method: "GET", path, token, headers: { [LAST_EVENT_ID_HEADER]: "1" } });
      resumed.resume();
      expect(resumed.statusCode).toBe(200);
    },
    { timeout: 20_000, interval: 500 },
  );
}, 60_000);
