import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { bearer, readAnswer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// What a RAG request may make the operator's model do (issue 22, items 3 and 6): only the RAG
// models the product lists (spec 001 §9) or the admin's own choice reach the upstream, and a
// cached answer is never another customer's. The upstream is a fake OpenAI-compatible server
// (the only double: a third party) that records the model of every call it receives.

let modelsAsked: string[] = [];
let upstream: Server;
let server: Awaited<ReturnType<typeof startTestServer>>;
let business: string;
let enterprise: string;
let admin: string;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    request.on("end", () => {
      const body = JSON.parse(raw) as { model: string; stream?: boolean };
      modelsAsked.push(body.model);
      if (body.stream === false) {
        return response
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify({ choices: [{ message: { role: "assistant", content: "Quante fontane ci sono?" } }] }));
      }
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.end(`data: ${JSON.stringify({ choices: [{ delta: { content: "Dodici fontane [1]." } }] })}\n\ndata: [DONE]\n\n`);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  server = await startTestServer({ LLM_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1` });
  business = (await signInAs(server.url, "business@oystar.test")).access_token;
  enterprise = (await signInAs(server.url, "enterprise@oystar.test")).access_token;
  admin = (await signInAs(server.url, "admin@oystar.test")).access_token;
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});
beforeEach(() => {
  modelsAsked = [];
});

const ask = (token: string, body: Record<string, unknown>) =>
  fetch(`${server.url}/api/ask-stream`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(token) },
    body: JSON.stringify(body),
  });
const queriesUsed = async (token: string) =>
  ((await (await fetch(`${server.url}/api/subscription/status`, { headers: bearer(token) })).json()) as { queries_used: number })
    .queries_used;
const saveSettings = async (changes: Record<string, unknown>) => {
  const current = (
    (await (await fetch(`${server.url}/api/settings`, { headers: bearer(admin) })).json()) as { data: Record<string, unknown> }
  ).data;
  const saved = await fetch(`${server.url}/api/settings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(admin) },
    body: JSON.stringify({ ...current, ...changes }),
  });
  expect(saved.status).toBe(200);
};

test("a model the RAG does not list is refused with a 400 in Italian: nothing reaches the model, no question is charged", async () => {
  const before = await queriesUsed(business);
  for (const llm_model of ["anthropic/claude-opus-4-very-expensive", "meta-llama/llama-guard-4-12b", "OPENAI/GPT-OSS-120B"]) {
    const refused = await ask(business, {
      question: "Quante fontane ha Villa Aurora?",
      llm_model,
      use_multi_query: true,
      use_hyde: true,
      use_cache: false,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: `Modello LLM non consentito: «${llm_model}».` });
  }
  expect(modelsAsked).toEqual([]);
  expect(await queriesUsed(business)).toBe(before);
});

test("each RAG model of spec 001 §9 reaches the model, for the answer, the variations and HyDE", async () => {
  const listed = [
    "openai/gpt-oss-120b",
    "openai/gpt-oss-20b",
    "llama-3.3-70b-versatile",
    "llama-3.1-8b-instant",
    "mixtral-8x7b-32768",
    "gemma-7b-it",
  ];
  for (const llm_model of listed) {
    const answer = await readAnswer(
      await ask(business, {
        question: "Quante fontane ha Villa Aurora?",
        llm_model,
        use_multi_query: true,
        max_query_variations: 1,
        use_hyde: true,
        use_cache: false,
      }),
    );
    expect(answer.ended).toBe(true);
  }
  expect(modelsAsked).toEqual(listed.flatMap((model) => [model, model, model]));
});

test("the admin's own model (rag_llm_model) is allowed, and is what a request without llm_model uses", async () => {
  await saveSettings({ rag_llm_model: "qwen2.5-72b-instruct" });
  try {
    expect(
      (
        await readAnswer(
          await ask(business, { question: "Quante fontane ha Villa Aurora?", llm_model: "qwen2.5-72b-instruct", use_cache: false }),
        )
      ).ended,
    ).toBe(true);
    expect((await readAnswer(await ask(business, { question: "Quante fontane ha Villa Aurora?", use_cache: false }))).ended).toBe(true);
    expect(modelsAsked).toEqual(["qwen2.5-72b-instruct", "qwen2.5-72b-instruct"]);
    // Another model of the admin's kind is not the admin's choice.
    expect((await ask(business, { question: "Quante fontane ha Villa Aurora?", llm_model: "qwen2.5-7b-instruct" })).status).toBe(400);
  } finally {
    await saveSettings({ rag_llm_model: "openai/gpt-oss-120b" });
  }
});

test("a cached answer is the asker's own: another customer asking the same of a shared index gets the model's", async () => {
  const question = { question: "Quanto è alto il getto della Fontana del Tritone?", cache_ttl_seconds: 600 };
  await readAnswer(await ask(business, question));
  await readAnswer(await ask(business, question));
  expect(modelsAsked).toHaveLength(1);
  await readAnswer(await ask(enterprise, question));
  expect(modelsAsked).toHaveLength(2);
  await readAnswer(await ask(enterprise, question));
  expect(modelsAsked).toHaveLength(2);
});
