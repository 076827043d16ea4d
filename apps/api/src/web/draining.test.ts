import { afterAll, expect, test } from "vitest";
import { startApiProcess, type ApiProcess } from "../../test-support/api-process";
import { makeAppFolders, RAG_FIXTURES_DIR } from "../../test-support/fixtures";
import { signInAs } from "../../test-support/sign-in";

// issue 37 §3: SIGTERM (a rolling restart) cuts no answer. The server says 'draining' on its health
// check while it still serves everything for DRAIN_NOTICE_MS, then stops taking connections and
// lets the answers in progress finish — for at most DRAIN_TIMEOUT_MS — and exits. Real processes
// (the code `pnpm start` runs), the offline model streaming slowly.

const folders = makeAppFolders();
const started: ApiProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((product) => product.stop("SIGKILL")));
});

async function startProduct(variables: Record<string, string>) {
  const product = await startApiProcess({ MARKETING_DIST: folders.marketingDist, ASSISTANT_DIST: folders.assistantDist, RAG_DEMO_DIR: RAG_FIXTURES_DIR, ...variables });
  started.push(product);
  return { product, base: `http://localhost:${product.port}` };
}

function ask(base: string, token: string) {
  return fetch(`${base}/groq/chat/completions`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
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
  const { product, base } = await startProduct({ DRAIN_NOTICE_MS: "5000", DRAIN_TIMEOUT_MS: "60000", OFFLINE_MODEL_CHARS_PER_SECOND: "150" });
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

test("an answer still running past DRAIN_TIMEOUT_MS is closed and the server exits", async () => {
  const { product, base } = await startProduct({ DRAIN_TIMEOUT_MS: "300", OFFLINE_MODEL_CHARS_PER_SECOND: "5" });
  const { access_token } = await signInAs(base, "pro@oystar.test");
  const inProgress = await firstBytes(await ask(base, access_token));
  await product.stop("SIGTERM");
  expect(await inProgress.rest).not.toContain("data: [DONE]");
});
