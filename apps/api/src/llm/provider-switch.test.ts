import { API_PATHS, readModelStream } from "@oystar/api-client";
import { turnCall } from "@oystar/debate-engine";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { readAnswer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";

// spec 001 §4, §6 (issue 27 §1): two model servers, the cloud one and the local one; the admin's
// provider setting picks where chat, debate and RAG calls go, at once and without a restart.

type Heard = { method: string; path: string; body: Record<string, unknown> | null };

/** A fake OpenAI-compatible model server that says its name in every answer. */
async function modelServer(name: string) {
  const heard: Heard[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://modello").pathname;
      heard.push({ method: req.method ?? "", path, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : null });
      if (path.endsWith("/version")) return res.writeHead(200, { "Content-Type": "application/json" }).end('{"version":"0.9"}');
      if (path.endsWith("/models")) {
        const data = ["openai/gpt-oss-120b", "llama-3.3-70b-versatile", "whisper-large-v3"].map((id) => ({ id }));
        return res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ object: "list", data }));
      }
      res.writeHead(200, { "Content-Type": "text/event-stream" });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: `Risponde ${name}.` } }] })}\n\n`);
      res.end("data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { heard, address, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let cloud: Awaited<ReturnType<typeof modelServer>>;
let local: Awaited<ReturnType<typeof modelServer>>;
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  [cloud, local] = await Promise.all([modelServer("il cloud"), modelServer("la VM")]);
  server = await startTestServer({
    LLM_BASE_URL: `${cloud.address}/v1`,
    LLM_API_KEY: "chiave-cloud",
    LLM_LOCAL_BASE_URL: `${local.address}/groq`,
  });
});
afterAll(async () => {
  await server.close();
  await Promise.all([cloud.close(), local.close()]);
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
async function chooseProvider(adminToken: string, provider: "cloud" | "vm") {
  const { data } = (await (await fetch(`${server.url}/api/settings`, { headers: bearer(adminToken) })).json()) as {
    data: Record<string, unknown>;
  };
  const saved = await fetch(`${server.url}/api/settings`, {
    method: "POST",
    headers: { ...bearer(adminToken), "Content-Type": "application/json" },
    body: JSON.stringify({ ...data, rag_provider: provider }),
  });
  expect(saved.status).toBe(200);
}
async function chat(token: string, extras: Record<string, number> = {}) {
  const response = await fetch(`${server.url}/groq/chat/completions`, {
    method: "POST",
    headers: { ...bearer(token), "Content-Type": "application/json" },
    body: JSON.stringify({ model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Chi risponde?" }], stream: true, ...extras }),
  });
  let text = "";
  for await (const delta of readModelStream(response)) text += delta.content;
  return text;
}
const health = async () =>
  (await (await fetch(`${server.url}/api/health`)).json()) as { status: string; model: { upstream?: string; healthy: boolean } };
const modelsOffered = async (token: string) =>
  ((await (await fetch(`${server.url}/groq/models`, { headers: bearer(token) })).json()) as { data: Array<{ id: string }> }).data.map(
    (model) => model.id,
  );
const completions = (heard: Heard[]) =>
  heard.filter((request) => request.path.endsWith("/chat/completions") && request.body?.max_tokens !== 1);
const localExtras = { num_predict: 2000, num_ctx: 8192, num_thread: 4, num_gpu: 1 };

test("the admin's provider setting moves chat, debate and RAG between the cloud and the local model server", async () => {
  const admin = await signInAs(server.url, "admin@oystar.test");
  const user = await signInAs(server.url, "business@oystar.test");

  // Private Cloud, the default: the cloud server answers, probed with a one-token completion.
  expect(await chat(user.access_token, localExtras)).toBe("Risponde il cloud.");
  for (const key of Object.keys(localExtras)) expect(completions(cloud.heard).at(-1)?.body).not.toHaveProperty(key);
  expect((await health()).model).toMatchObject({ upstream: "cloud", healthy: true });
  expect(cloud.heard.some((request) => request.path === "/v1/chat/completions" && request.body?.max_tokens === 1)).toBe(true);
  // spec 001 §9: for the cloud provider, only openai/ names.
  expect(await modelsOffered(user.access_token)).toEqual(["openai/gpt-oss-120b"]);

  // 'Server locale (VM)': the next call goes to the local server, with the templates' local extras.
  await chooseProvider(admin.access_token, "vm");
  const cloudCalls = completions(cloud.heard).length;
  expect(await chat(user.access_token, localExtras)).toBe("Risponde la VM.");
  expect(completions(local.heard).at(-1)?.body).toMatchObject(localExtras);
  expect((await health()).model).toMatchObject({ upstream: "local", healthy: true });
  expect(local.heard.some((request) => request.method === "GET" && request.path === "/version")).toBe(true);
  expect(await modelsOffered(user.access_token)).toEqual(["openai/gpt-oss-120b", "llama-3.3-70b-versatile"]);

  const { debate_id } = (await (
    await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: bearer(user.access_token) })
  ).json()) as { debate_id: string };
  const turn = turnCall({
    debateId: debate_id,
    mode: "debate",
    topic: "Treno contro aereo",
    options: { A: "Treno", B: "aereo" },
    models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
    length: 6,
    provider: "local",
    history: [],
    turn: 0,
  });
  const debate = await fetch(`${server.url}${API_PATHS.debateCalls}`, {
    method: "POST",
    headers: { ...bearer(user.access_token), "Content-Type": "application/json" },
    body: JSON.stringify(turn),
  });
  let argued = "";
  for await (const delta of readModelStream(debate)) argued += delta.content;
  expect(argued).toBe("Risponde la VM.");

  const rag = await readAnswer(
    await fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { ...bearer(user.access_token), "Content-Type": "application/json" },
      body: JSON.stringify({
        question: "Quanto sono alte le siepi del labirinto di Villa Serena?",
        use_multi_query: false,
        use_hyde: false,
      }),
    }),
  );
  expect(rag.text).toContain("Risponde la VM.");
  expect(completions(cloud.heard)).toHaveLength(cloudCalls);

  // And back.
  await chooseProvider(admin.access_token, "cloud");
  expect(await chat(user.access_token)).toBe("Risponde il cloud.");
});

test("an unreachable local server gives the spec's errors at once, not a hang", async () => {
  // A port nothing listens on.
  const closed = await modelServer("nessuno");
  await closed.close();
  const unreachable = await startTestServer({ LLM_LOCAL_BASE_URL: `${closed.address}/groq` });
  try {
    const admin = await signInAs(unreachable.url, "admin@oystar.test");
    const { data } = (await (await fetch(`${unreachable.url}/api/settings`, { headers: bearer(admin.access_token) })).json()) as {
      data: Record<string, unknown>;
    };
    await fetch(`${unreachable.url}/api/settings`, {
      method: "POST",
      headers: { ...bearer(admin.access_token), "Content-Type": "application/json" },
      body: JSON.stringify({ ...data, rag_provider: "vm" }),
    });
    const user = await signInAs(unreachable.url, "pro@oystar.test");
    const status = async () =>
      (
        (await (await fetch(`${unreachable.url}/api/subscription/status`, { headers: bearer(user.access_token) })).json()) as {
          queries_used: number;
        }
      ).queries_used;
    const before = await status();
    const answer = await fetch(`${unreachable.url}/groq/chat/completions`, {
      method: "POST",
      headers: { ...bearer(user.access_token), "Content-Type": "application/json" },
      body: JSON.stringify({ model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Ci sei?" }] }),
    });
    expect(answer.status).toBe(502);
    expect((await answer.json()).error).toBe("Il modello non risponde. Riprova tra poco.");
    // The question never reached a model: it is given back.
    expect(await status()).toBe(before);
    const probed = (await (await fetch(`${unreachable.url}/api/health`)).json()) as {
      status: string;
      model: { upstream: string; healthy: boolean };
    };
    expect(probed).toMatchObject({ status: "degraded", model: { upstream: "local", healthy: false } });
  } finally {
    await unreachable.close();
  }
});
