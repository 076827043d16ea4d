import { createApiClient } from "@oystar/api-client";
import { expect, test } from "vitest";
import { httpDebatePorts } from "./http-ports";

// The network ports against an in-memory fetch that answers like the product's API.

type Seen = { url: string; method: string; headers: Record<string, string>; body: unknown };

function api(answer: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = { url: String(input), method: init?.method ?? "GET", headers: { ...(init?.headers as Record<string, string>) }, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    seen.push(request);
    return answer(request);
  };
  return { client: createApiClient({ baseUrl: "https://oystar.test", fetch, getAccessToken: async () => "tok" }), seen };
}

const sse = (...pieces: string[]) =>
  new Response([...pieces.map((content) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`), "data: [DONE]\n\n"].join(""), {
    headers: { "Content-Type": "text/event-stream" },
  });

test("a model call posts the request with the debate id header and yields the streamed text", async () => {
  const model = api(() => sse("Il treno ", "vince."));
  const ports = httpDebatePorts({ api: api(() => new Response("{}")).client, modelApi: model.client });
  const request = { model: "openai/gpt-oss-20b", messages: [{ role: "user" as const, content: "ciao" }], stream: true };
  const pieces: string[] = [];
  for await (const piece of ports.model({ request, debateId: "41", signal: new AbortController().signal })) pieces.push(piece);
  expect(pieces).toEqual(["Il treno ", "vince."]);
  expect(model.seen).toMatchObject([{ url: "https://oystar.test/chat/completions", method: "POST", headers: { "X-Debate-Id": "41", Authorization: "Bearer tok" }, body: request }]);
});

test("the increment gives the debate id, or quota exhausted on 429; other failures are errors", async () => {
  const ok = api(() => Response.json({ debate_id: "7", debates_used: 1, debates_limit: 30 }));
  expect(await httpDebatePorts({ api: ok.client, modelApi: ok.client }).startDebate()).toEqual({ status: "started", debateId: "7" });
  expect(ok.seen).toMatchObject([{ url: "https://oystar.test/api/debates/increment", method: "POST" }]);
  const exhausted = api(() => Response.json({ error: "Hai raggiunto il limite di dibattiti del tuo piano corrente." }, { status: 429 }));
  expect(await httpDebatePorts({ api: exhausted.client, modelApi: exhausted.client }).startDebate()).toEqual({ status: "quotaExhausted" });
  const broken = api(() => Response.json({ error: "Errore interno" }, { status: 500 }));
  await expect(httpDebatePorts({ api: broken.client, modelApi: broken.client }).startDebate()).rejects.toMatchObject({ status: 500 });
});

test("the provider reset posts the provider and both models", async () => {
  const reset = api(() => Response.json({ status: "success", message: "Connessione reimpostata.", details: { actions: [] } }));
  const answer = await httpDebatePorts({ api: reset.client, modelApi: reset.client }).resetProvider({ provider: "cloud", models: ["a", "b"] });
  expect(answer.status).toBe("success");
  expect(reset.seen).toMatchObject([{ url: "https://oystar.test/api/ollama/reset", body: { provider: "cloud", models: ["a", "b"] } }]);
});
