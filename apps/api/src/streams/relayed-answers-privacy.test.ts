import {
  ACCOUNT_DELETION_CONFIRMATION,
  API_PATHS,
  apiPath,
  LAST_EVENT_ID_HEADER,
  RESUMABLE_REQUEST_HEADER,
  STREAM_ID_HEADER,
} from "@oystar/api-client";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startApiProcess, streamFrom as streamTo, type ApiProcess } from "../../test-support/api-process";
import { makeAppFolders, RAG_FIXTURES_DIR } from "../../test-support/fixtures";
import { startPostgres, type TestPostgres } from "../../test-support/postgres";
import { signInAs } from "../dev-idp/dev-sign-in";

// Issue 47 §4 and §6 (the fourth attack run), two server processes on one PostgreSQL:
// - answers relayed between servers travelled in NOTIFY payloads, which PostgreSQL writes to its
//   data folder (pg_notify/) once the queue leaves its buffers — a 2.47 MB answer's events were
//   found there in base64, after both servers had stopped. The promise is "never in a table, a file
//   or a log": after a relayed answer, no file of the database's folder holds its words.
// - 'Elimina account' did not stop the account's answers in progress: the model kept streaming.
//   Now a deletion asked of one server stops the answer another server holds, before it answers.

const PUBLIC_URL = "http://oystar.test";
/** A word no other text holds, said over and over: an answer of about a megabyte. */
const CANARY = "Canarinoriservatissimo";
const ANSWER_WORDS = `${CANARY} `.repeat(45_000);

let postgres: TestPostgres;
let model: Server;
/** The model's answers still being written. */
const writing = new Set<ServerResponse>();

/**
 * The model (a third party): asked to take its time, it writes a word every 50 ms until it is
 * hung up on; otherwise it answers the canary's megabyte at once.
 */
function fakeModel(req: IncomingMessage, res: ServerResponse) {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    const body = JSON.parse(raw || "{}") as { max_tokens?: number; messages?: Array<{ content: string }> };
    if (body.max_tokens === 1)
      return res.writeHead(200, { "Content-Type": "application/json" }).end('{"choices":[{"message":{"content":"ok"}}]}');
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    const delta = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
    if (!body.messages?.at(-1)?.content.includes("con calma")) return res.end(`${delta(ANSWER_WORDS)}data: [DONE]\n\n`);
    writing.add(res);
    const word = setInterval(() => res.write(delta("parola ")), 50);
    res.on("close", () => {
      clearInterval(word);
      writing.delete(res);
    });
  });
}
let servers: [ApiProcess, ApiProcess];
const folders = makeAppFolders();
const dataDirs = [mkdtempSync(join(tmpdir(), "oystar-data-")), mkdtempSync(join(tmpdir(), "oystar-data-"))];

beforeAll(async () => {
  // A cluster of the test's own, whose data folder it may read.
  postgres = await startPostgres({ own: true });
  model = createServer(fakeModel);
  await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
  const common = {
    DATABASE_URL: await postgres.createDatabase(),
    PUBLIC_URL,
    LLM_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
    MARKETING_DIST: folders.marketingDist,
    ASSISTANT_DIST: folders.assistantDist,
    RAG_DEMO_DIR: RAG_FIXTURES_DIR,
  };
  const [first, second] = await Promise.all(dataDirs.map((dataDir) => startApiProcess({ ...common, DATA_DIR: dataDir })));
  servers = [first!, second!];
}, 180_000);

afterAll(async () => {
  await Promise.all(servers?.map((server) => server.stop()) ?? []);
  model?.closeAllConnections();
  await new Promise((resolve) => model?.close(resolve));
  await postgres?.stop();
  for (const folder of [folders.root, ...dataDirs]) rmSync(folder, { recursive: true, force: true });
});

/** A streamed request to one server, as the browser sends it to the public address. */
const streamFrom = (server: ApiProcess, options: Parameters<typeof streamTo>[2]) => streamTo(server, PUBLIC_URL, options);

const whole = (answer: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = "";
    answer.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    answer.on("end", () => resolve(text));
    answer.on("error", reject);
  });

/** Every file under `folder`, as bytes. */
function* filesUnder(folder: string): Generator<{ path: string; bytes: Buffer }> {
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    const info = statSync(path);
    if (info.isDirectory()) yield* filesUnder(path);
    else if (info.isFile()) yield { path, bytes: readFileSync(path) };
  }
}

/** The word as it reads in base64 at each of the three places it can start from. */
function base64Forms(word: string): string[] {
  return [0, 1, 2].map((shift) => {
    const encoded = Buffer.concat([Buffer.alloc(shift, 0x20), Buffer.from(word)]).toString("base64");
    // Only the characters that depend on the word alone.
    return encoded.slice(Math.ceil((shift * 4) / 3) + 2, Math.floor(((shift + word.length) * 4) / 3) - 2);
  });
}

test("'Elimina account' asked of one server stops the answer another holds before it answers: the model is hung up on, the reader's answer ends", async () => {
  const [holder, other] = servers;
  const token = (await signInAs(PUBLIC_URL, "pro@oystar.test", { fetch: holder.fetch })).access_token;
  const asked = await streamFrom(holder, {
    method: "POST",
    path: "/groq/chat/completions",
    token,
    headers: { [RESUMABLE_REQUEST_HEADER]: "1" },
    body: { model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Rispondi con calma, parola per parola." }] },
  });
  expect(asked.statusCode).toBe(200);
  const reading = whole(asked);
  expect(writing.size).toBe(1);

  const deleted = await other.fetch(`${PUBLIC_URL}${API_PATHS.me}`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ confirmation: ACCOUNT_DELETION_CONFIRMATION }),
  });
  expect(deleted.status).toBe(200);
  // Stopped before the deletion answered: the holder's reader has its end, the model its hang-up.
  expect(await reading).toContain("parola");
  await expect.poll(() => writing.size).toBe(0);
}, 60_000);

test("a relayed answer of a megabyte leaves its words in no file of the database's folder, in the clear or in base64", async () => {
  const [holder, other] = servers;
  const token = (await signInAs(PUBLIC_URL, "base@oystar.test", { fetch: holder.fetch })).access_token;
  const asked = await streamFrom(holder, {
    method: "POST",
    path: "/groq/chat/completions",
    token,
    headers: { [RESUMABLE_REQUEST_HEADER]: "1" },
    body: { model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Una risposta lunga, per favore." }] },
  });
  expect(asked.statusCode).toBe(200);
  const path = apiPath(API_PATHS.answerStream, { streamId: String(asked.headers[STREAM_ID_HEADER.toLowerCase()]) });
  expect(await whole(asked)).toContain(CANARY);

  // The whole answer again, through the other server: every word crosses the relay.
  const relayed = await streamFrom(other, { method: "GET", path, token, headers: { [LAST_EVENT_ID_HEADER]: "0" } });
  expect(relayed.statusCode).toBe(200);
  const text = await whole(relayed);
  expect(text.split(CANARY).length - 1).toBe(45_000);

  await Promise.all(servers.map((server) => server.stop()));
  await postgres.halt!();
  const forms = [CANARY, ...base64Forms(CANARY)];
  const found = [...filesUnder(postgres.dataDir!)].filter(({ bytes }) => forms.some((form) => bytes.includes(form)));
  expect(found.map(({ path }) => path)).toEqual([]);
}, 180_000);
