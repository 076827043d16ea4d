import { planMessages } from "@oystar/plans-and-gates";
import type * as PlansAndGates from "@oystar/plans-and-gates";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { bearer, readAnswer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// One question = one query (DESIGN.md §4). Today's Business and Enterprise plans are unlimited,
// so this file gives Business a contract of 1 query a month (the catalogue's numbers only; the
// quota code, the database and the server are the real ones) to reach the limit.
vi.mock("@oystar/plans-and-gates", async (importOriginal) => {
  const actual = await importOriginal<typeof PlansAndGates>();
  return {
    ...actual,
    planById: (id: Parameters<typeof actual.planById>[0]) =>
      id === "business" ? { ...actual.planById(id), queries_limit: 1 } : actual.planById(id),
  };
});

let failing = true;
let upstream: Server;
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  upstream = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (failing) return response.writeHead(503).end("occupato");
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.end(`data: ${JSON.stringify({ choices: [{ delta: { content: "Dodici fontane [1]." } }] })}\n\ndata: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({ LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

test("a question nothing was answered to is given back; at the limit the answer is 429", async () => {
  const { access_token } = await signInAs(server.url, "business@oystar.test");
  const ask = () =>
    fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(access_token) },
      body: JSON.stringify({ question: "Quante fontane ha Villa Aurora?", use_cache: false }),
    });
  const status = async () =>
    (await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(access_token) })).json()) as {
      queries_used: number;
      queries_limit: number;
    };

  expect(await status()).toMatchObject({ queries_used: 0, queries_limit: 1 });
  const failed = await readAnswer(await ask());
  expect(failed.error).toBe("Mi dispiace, si è verificato un errore durante l'elaborazione della tua richiesta. Riprova.");
  expect((await status()).queries_used).toBe(0);

  failing = false;
  const answered = await readAnswer(await ask());
  expect(answered.text).toBe("Dodici fontane [1].");
  expect((await status()).queries_used).toBe(1);

  const refused = await ask();
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({
    error: planMessages.queriesExhausted,
    reset_at: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00/),
  });
});
