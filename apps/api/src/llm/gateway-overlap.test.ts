import { readModelStream } from "@oystar/api-client";
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";
import { openDatabase, type Database } from "../db/database";

// Issue 15 §3: the gateway asks the model while the quota is counted, so the first token waits
// for the slower of the two. Embedded PGlite counts synchronously on the server's thread; this
// checks that the question has left before that work starts.

/**
 * How long the count holds the server's thread here: far longer than a request takes to leave,
 * even on a busy machine.
 */
const COUNTING_MS = 1000;

// The model server runs in a worker thread: its own event loop, as on another machine, so it can
// hear the question while the server's thread is busy counting. It says when it heard it.
const modelServer = `
const { createServer } = require("node:http");
const { parentPort } = require("node:worker_threads");
const server = createServer((request, response) => {
  parentPort.postMessage({ heardAt: Date.now() });
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "Content-Type": "text/event-stream" });
    response.write('data: {"choices":[{"delta":{"content":"Eccomi"}}]}\\n\\n');
    response.end("data: [DONE]\\n\\n");
  });
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));
`;

let model: Worker;
let heardAt: number[] = [];
let countingEndedAt: number[] = [];
/** Off while the first question opens the connection to the model. */
let slowCounting = false;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  model = new Worker(modelServer, { eval: true });
  const [{ port }] = (await once(model, "message")) as [{ port: number }];
  model.on("message", (message: { heardAt?: number }) => {
    if (message.heardAt) heardAt.push(message.heardAt);
  });
  // The real database, whose count of a question holds the thread as long as COUNTING_MS.
  const database = await openDatabase({ dataDir: null });
  const slowToCount: Database = {
    ...database,
    async query(sql, params) {
      if (slowCounting && sql.includes("UPDATE usage u SET queries_used")) {
        const until = Date.now() + COUNTING_MS;
        while (Date.now() < until);
        countingEndedAt.push(Date.now());
      }
      return database.query(sql, params);
    },
  };
  server = await startTestServer({ LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_API_KEY: "upstream-key" }, { db: slowToCount });
});

afterAll(async () => {
  await server.close();
  await model.terminate();
});

const ask = async (token: string) => {
  const response = await fetch(`${server.url}/groq/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Ci sei?" }], stream: true }),
  });
  expect(response.status).toBe(200);
  let text = "";
  for await (const delta of readModelStream(response)) text += delta.content;
  return text;
};

test("the model hears the question while the database is still counting it", async () => {
  const { access_token } = await signInAs(server.url, "base@oystar.test");
  // The first question opens the connection to the model (it waits for that), kept alive for the
  // next ones.
  expect(await ask(access_token)).toBe("Eccomi");
  heardAt = [];
  countingEndedAt = [];
  slowCounting = true;
  expect(await ask(access_token)).toBe("Eccomi");
  expect(heardAt).toHaveLength(1);
  expect(countingEndedAt).toHaveLength(1);
  expect(heardAt[0]).toBeLessThan(countingEndedAt[0]!);
});
