// @vitest-environment node
import { chatCompletionRequestSchema } from "@oystar/api-client";
import { expect, test, vi } from "vitest";
import { testChatSession } from "./test-session";
import type { ModelProvider } from "@oystar/api-client";
import { modelCompletion } from "./completion";

// spec 001 §3 (issue 14 §7b): a prompt template's local extras reach a local model, never a cloud one.
const LOCAL_EXTRAS = ["num_predict", "num_ctx", "num_thread", "num_gpu"];

/** Asks one question of a session whose model runs at `provider`; answers what the endpoint received. */
async function requestSentTo(provider: ModelProvider | undefined) {
  const fetch = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response("data: [DONE]\n\n", { headers: { "Content-Type": "text/event-stream" } }),
  );
  const chat = testChatSession({
    complete: modelCompletion({ baseUrl: "/groq", fetch }),
    ...(provider ? { modelProvider: () => provider } : {}),
  });
  await chat.send("Ciao");
  return JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
}

test("a local model gets the chat template's local extras, and the gateway's contract accepts them", async () => {
  const body = await requestSentTo("local");
  expect(body).toMatchObject({
    temperature: 0.3,
    top_p: 0.7,
    max_tokens: 2000,
    num_predict: 2000,
    num_ctx: 8192,
    num_thread: 4,
    num_gpu: 1,
  });
  expect(chatCompletionRequestSchema.safeParse(body).success).toBe(true);
});

test.each([["cloud" as const], [undefined]])("a %s model never gets them", async (provider) => {
  const body = await requestSentTo(provider);
  expect(body).toMatchObject({ temperature: 0.3, top_p: 0.7, max_tokens: 2000 });
  for (const key of LOCAL_EXTRAS) expect(body).not.toHaveProperty(key);
});
