// @vitest-environment node
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { chatCompletionRequestSchema } from "@oystar/api-client";
import { chatCompletionBody, modelCompletion, providerBaseUrl } from "./completion";
import { PROMPT_TEMPLATES, templateSampling } from "./prompt-templates";
import { newMessage } from "./conversation";
import { MARKERS } from "@oystar/conversation";

describe("the request of a question", () => {
  const history = [
    newMessage("user", "Prima domanda", 1),
    newMessage("assistant", "Prima risposta", 2, { firstCharacterMs: 420 }),
    newMessage("assistant", "", 3, { card: MARKERS.quotaExceeded }),
  ];

  test("system prompt, the history without cards, the question, the chat preset", () => {
    const body = chatCompletionBody("Seconda domanda", history, { model: "openai/gpt-oss-20b", deepThink: false });
    expect(body.messages.map((message) => [message.role, message.content.slice(0, 20)])).toEqual([
      ["system", "Sei OYSTAR, un assis"],
      ["user", "Prima domanda"],
      ["assistant", "Prima risposta"],
      ["user", "Seconda domanda"],
    ]);
    expect(body).toMatchObject({ model: "openai/gpt-oss-20b", stream: true, temperature: 0.3, top_p: 0.7, max_tokens: 2000 });
    expect(body).not.toHaveProperty("reasoning_effort");
  });

  test("Deep Think on a gpt-oss model raises the reasoning effort and the token cap", () => {
    const body = chatCompletionBody("Perché?", [], { model: "openai/gpt-oss-120b", deepThink: true });
    expect(body).toMatchObject({ reasoning_effort: "high", include_reasoning: true, max_tokens: 8000 });
  });

  test("a document follows its question in the last message", () => {
    const body = chatCompletionBody(
      "Riassumi",
      [],
      { model: "openai/gpt-oss-120b", deepThink: false },
      "Documento «Nota.pdf» (1 pagina):\nTesto.",
    );
    expect(body.messages.at(-1)).toEqual({ role: "user", content: "Riassumi\n\nDocumento «Nota.pdf» (1 pagina):\nTesto." });
  });

  // spec 001 §3 (issue 14 §7): the template's local extras go to a local provider only.
  test("a local provider gets the template's local extras; the cloud never does", () => {
    const options = { model: "openai/gpt-oss-20b" as const, deepThink: false };
    const cloud = chatCompletionBody("Ciao", [], options);
    for (const extra of ["num_predict", "num_ctx", "num_thread", "num_gpu"]) expect(cloud).not.toHaveProperty(extra);
    // What the cloud gets is exactly what the gateway accepts.
    expect(chatCompletionRequestSchema.safeParse(cloud).success).toBe(true);
    const local = chatCompletionBody("Ciao", [], options, undefined, "local");
    expect(local).toMatchObject({
      temperature: 0.3,
      top_p: 0.7,
      max_tokens: 2000,
      num_predict: 2000,
      num_ctx: 8192,
      num_thread: 4,
      num_gpu: 1,
    });
  });

  test("the templates are data with the spec's presets", () => {
    expect(PROMPT_TEMPLATES.chat).toMatchObject({ temperature: 0.3, top_p: 0.7 });
    expect(PROMPT_TEMPLATES.rag).toMatchObject({ temperature: 0.3, top_p: 0.8, max_tokens: 3000 });
    expect(templateSampling(PROMPT_TEMPLATES.rag, "cloud")).toEqual({ temperature: 0.3, top_p: 0.8, max_tokens: 3000 });
  });

  test("the provider switch changes the base address", () => {
    expect(providerBaseUrl("cloud")).toBe("/groq");
    expect(providerBaseUrl("local")).toBe("http://localhost:8000/groq");
  });
});

describe("streaming from an OpenAI-compatible endpoint", () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  test("sends the bearer token and the body, yields the streamed pieces", async () => {
    const seen: { authorization?: string; body?: unknown } = {};
    const answer = async (request: IncomingMessage, response: ServerResponse) => {
      let raw = "";
      for await (const chunk of request) raw += chunk;
      seen.authorization = request.headers.authorization;
      seen.body = JSON.parse(raw);
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      for (const piece of ["Cia", "o!"]) response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
      response.end("data: [DONE]\n\n");
    };
    const server = createServer((request, response) => void answer(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    close = () => server.close();
    const complete = modelCompletion({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/groq` });
    const ask = async (token: string) => {
      const pieces: string[] = [];
      const request = {
        question: "Ciao",
        history: [],
        token,
        signal: new AbortController().signal,
        options: { model: "openai/gpt-oss-120b" as const, deepThink: true },
      };
      for await (const piece of complete(request)) pieces.push(piece);
      return pieces;
    };
    expect(await ask("token-1")).toEqual(["Cia", "o!"]);
    expect(seen.authorization).toBe("Bearer token-1");
    expect(seen.body).toMatchObject({ model: "openai/gpt-oss-120b", reasoning_effort: "high" });
    // One client for the session; each question carries the token fetched for it.
    expect(await ask("token-2")).toEqual(["Cia", "o!"]);
    expect(seen.authorization).toBe("Bearer token-2");
  });
});
