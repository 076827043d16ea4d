import { API_PATHS, RESUMABLE_REQUEST_HEADER } from "@oystar/api-client";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { startApiProcess, type ApiProcess } from "../../test-support/api-process";
import { makeAppFolders, RAG_FIXTURES_DIR } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";

// issue 37 §3: SIGTERM (a rolling restart) cuts no answer. The server says 'draining' on its health
// check while it still serves everything for DRAIN_NOTICE_MS, then stops taking connections and
// lets the answers in progress finish — for at most DRAIN_TIMEOUT_MS — and exits. Real processes
// (the code `pnpm start` runs), the offline model streaming slowly.

const folders = makeAppFolders();
const started: ApiProcess[] = [];
const dataDirs: string[] = [];
let slowModel: Server | null = null;
afterAll(async () => {
  slowModel?.closeAllConnections();
  slowModel?.close();
  await Promise.all(started.map((product) => product.stop("SIGKILL")));
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

/** A data folder of the test's own (the database, the provider's keys), kept across restarts. */
function dataFolder() {
  const dataDir = mkdtempSync(join(tmpdir(), "oystar-draining-"));
  dataDirs.push(dataDir);
  return dataDir;
}

async function startProduct(variables: Record<string, string>) {
  const product = await startApiProcess({
    MARKETING_DIST: folders.marketingDist,
    ASSISTANT_DIST: folders.assistantDist,
    RAG_DEMO_DIR: RAG_FIXTURES_DIR,
    DATA_DIR: dataFolder(),
    ...variables,
  });
  started.push(product);
  return { product, base: `http://localhost:${product.port}` };
}

function ask(base: string, token: string, headers: Record<string, string> = {}) {
  return fetch(`${base}/groq/chat/completions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ model: "openai/gpt-oss-20b", messages: [{ role: "user", content: "Raccontami del giardino" }], stream: true }),
  });
}

/** Reads an answer to its end (or until the connection ends it): everything that arrived. */
async function readToEnd(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return text;
  }
}

async function firstBytes(response: Response): Promise<{ first: string; rest: Promise<string> }> {
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return { first: new TextDecoder().decode(value), rest: readToEnd(response) };
}

test("a stopping server says 'draining', still answers during the notice, finishes the answers in progress, then exits", async () => {
  const { product, base } = await startProduct({
    DRAIN_NOTICE_MS: "5000",
    DRAIN_TIMEOUT_MS: "60000",
    OFFLINE_MODEL_CHARS_PER_SECOND: "150",
  });
  const { access_token } = await signInAs(base, "pro@oystar.test");
  const inProgress = await firstBytes(await ask(base, access_token));
  expect(inProgress.first).toContain("data:");

  const exited = product.stop("SIGTERM");
  // The balancer's check: 503 'draining' from now on.
  for (;;) {
    const health = await fetch(`${base}/api/health`);
    if (health.status === 503) {
      expect(await health.json()).toMatchObject({ status: "draining" });
      break;
    }
    await health.arrayBuffer();
  }
  // A question arriving meanwhile (the balancer has not noticed yet) is answered whole.
  const meanwhile = await readToEnd(await ask(base, access_token));
  expect(meanwhile).toContain("data: [DONE]");
  // The answer that was being written when the signal came is not cut.
  expect(await inProgress.rest).toContain("data: [DONE]");

  await exited;
  await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  expect(product.output()).not.toMatch(/"level":"(error|fatal)"/);
});

test("answers still running past DRAIN_TIMEOUT_MS end with an Italian event saying why, their questions are given back, and the server exits", async () => {
  const dataDir = dataFolder();
  const slowly = { DATA_DIR: dataDir, DRAIN_TIMEOUT_MS: "300", OFFLINE_MODEL_CHARS_PER_SECOND: "5" };
  const { product, base } = await startProduct(slowly);
  const { access_token } = await signInAs(base, "business@oystar.test");
  const auth = { Authorization: `Bearer ${access_token}` };
  const queriesUsed = async (at: string) =>
    ((await (await fetch(`${at}${API_PATHS.subscriptionStatus}`, { headers: auth })).json()) as { queries_used: number }).queries_used;
  expect(await queriesUsed(base)).toBe(0);

  // The chat as a third-party caller, the chat as the product's client (held for a resume), a RAG question.
  const direct = await firstBytes(await ask(base, access_token));
  const held = await firstBytes(await ask(base, access_token, { [RESUMABLE_REQUEST_HEADER]: "1" }));
  const rag = await firstBytes(
    await fetch(`${base}${API_PATHS.askStream}`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ question: "Quando si pota l'ulivo?", index_names: ["gardenroute-demo"] }),
    }),
  );
  expect(await queriesUsed(base)).toBe(3);

  await product.stop("SIGTERM");
  const stopping = "Il server si sta riavviando per un aggiornamento";
  for (const answer of [await direct.rest, await held.rest]) {
    expect(answer).not.toContain("data: [DONE]");
    // The last event, in the format the chat's reader turns into an error it shows.
    const last = answer.trim().split(/\n\n/).at(-1) ?? "";
    expect(JSON.parse(last.slice(last.indexOf("data: ") + 6))).toEqual({ error: { message: expect.stringContaining(stopping) } });
  }
  const ragAnswer = await rag.rest;
  expect(ragAnswer).not.toContain("event: end");
  expect(ragAnswer.trim().split(/\n\n/).at(-1)).toMatch(/^event: error\ndata: \{"error":"Il server si sta riavviando/);

  // The same database, another server: the three questions were given back.
  const { base: again } = await startProduct({ DATA_DIR: dataDir });
  const signedInAgain = await signInAs(again, "business@oystar.test");
  auth.Authorization = `Bearer ${signedInAgain.access_token}`;
  expect(await queriesUsed(again)).toBe(0);
});

/** A model server that streams a word a second, for as long as it is listened to. */
async function startSlowModel(): Promise<string> {
  slowModel = createServer((request, response) => {
    request.resume();
    request.once("end", () => {
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      const word = () => response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "parola " } }] })}\n\n`);
      word();
      const timer = setInterval(word, 1000);
      response.once("close", () => clearInterval(timer));
    });
  });
  await new Promise<void>((resolve) => slowModel!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(slowModel.address() as AddressInfo).port}/v1`;
}

test("a model's answer relayed past DRAIN_TIMEOUT_MS, read directly or held for a resume, ends with the Italian event and is given back", async () => {
  const dataDir = dataFolder();
  const { product, base } = await startProduct({ DATA_DIR: dataDir, DRAIN_TIMEOUT_MS: "300", LLM_BASE_URL: await startSlowModel() });
  const { access_token } = await signInAs(base, "pro@oystar.test");
  const queriesUsed = async (at: string, token: string) =>
    (
      (await (await fetch(`${at}${API_PATHS.subscriptionStatus}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        queries_used: number;
      }
    ).queries_used;
  const direct = await firstBytes(await ask(base, access_token));
  const held = await firstBytes(await ask(base, access_token, { [RESUMABLE_REQUEST_HEADER]: "1" }));
  expect(direct.first).toContain("parola");
  expect(await queriesUsed(base, access_token)).toBe(2);

  await product.stop("SIGTERM");
  for (const answer of [await direct.rest, await held.rest]) {
    const last = answer.trim().split(/\n\n/).at(-1) ?? "";
    expect(JSON.parse(last.slice(last.indexOf("data: ") + 6))).toEqual({
      error: { message: expect.stringContaining("Il server si sta riavviando") },
    });
  }
  const { base: again } = await startProduct({ DATA_DIR: dataDir });
  expect(await queriesUsed(again, (await signInAs(again, "pro@oystar.test")).access_token)).toBe(0);
});
