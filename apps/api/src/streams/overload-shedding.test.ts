import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { bearer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";
import { DELAY_FLOOR_STREAMS, STALL_MS } from "./admission";
import { streamMessages } from "./messages";
import { modelStreamClosing } from "./server-stopping";

// Issue 55 §2: an accepted stream's events reach its client within a second of the model's, or the
// stream ends with an error event that says so. Here the server's event loop is held past a second
// (the test runs in the server's own process and blocks it) while many answers are open: the newest
// end with the overload's words, their questions given back, and the rest arrive whole.

const OPEN = DELAY_FLOOR_STREAMS + 8;
const piece = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

let model: Server;
const holding: ServerResponse[] = [];
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  model = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.write(piece("Dodici "));
      holding.push(response);
    });
  });
  await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({
    LLM_BASE_URL: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
    // Room for all of them: only the stall ends any.
    MAX_OPEN_STREAMS: String(OPEN * 2),
  });
});

afterAll(async () => {
  for (const response of holding) response.end("data: [DONE]\n\n");
  await server.close();
  model.closeAllConnections();
  await new Promise<void>((resolve) => model.close(() => resolve()));
});

test("a loop stalled past a second ends the newest streams with the overload's words and gives their questions back", async () => {
  const { access_token } = await signInAs(server.url, "pro@oystar.test");
  const usage = async () =>
    ((await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(access_token) })).json()) as { queries_used: number })
      .queries_used;
  const before = await usage();
  const answers: Response[] = [];
  // One after another, both roads. On a machine busy with other work the loop may already run
  // late with many open, and a question be refused for it (503): it is asked again.
  while (answers.length < OPEN) {
    const response = await fetch(`${server.url}/groq/chat/completions`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...bearer(access_token),
        ...(answers.length % 2 === 0 ? { "Oystar-Resumable": "1" } : {}),
      },
      body: JSON.stringify({ model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Quante fontane?" }], stream: true }),
    });
    if (response.status === 503) {
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    expect(response.status).toBe(200);
    answers.push(response);
  }
  const texts = answers.map((response) => response.text());
  expect(await usage()).toBe(before + OPEN);

  // Something else holds the process's thread past a second.
  const until = Date.now() + STALL_MS + 500;
  while (Date.now() < until);

  const closing = modelStreamClosing(streamMessages.overloaded);
  // The streams cut end by themselves; then the model finishes the others.
  await expect.poll(() => holding.filter((response) => response.destroyed || response.writableEnded).length).toBeGreaterThan(0);
  for (const response of holding) if (!response.destroyed) response.end(piece("fontane.") + "data: [DONE]\n\n");
  const read = await Promise.all(texts);
  const shed = read.map((text, i) => ({ i, text })).filter(({ text }) => text.includes(closing));
  expect(shed.length).toBeGreaterThan(0);
  expect(shed.length).toBeLessThan(OPEN);
  for (const { text } of read.filter((text) => !text.includes(closing)).map((text) => ({ text }))) expect(text).toContain("fontane.");
  for (const { text } of shed) expect(text).not.toContain("[DONE]");
  // Their questions given back; the others stand.
  await expect.poll(usage).toBe(before + OPEN - shed.length);
});
