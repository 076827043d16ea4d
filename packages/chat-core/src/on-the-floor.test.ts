// @vitest-environment node
import { fakeConversationWorld, modelFrames } from "@oystar/conversation/testing";
import { expect, test, vi } from "vitest";
import { modelCompletion } from "./completion";
import { testChatSession } from "./test-session";

// Issue 24: the chat runs on the floor — the answer-stream runner, the ask loop and the failure
// words — in the fake world the debate's and RAG's tests share.

test("on the shared world: a stalled answer is cut off after 30 s of its clock, keeps what arrived, and the quotas are read 500 ms after the question", async () => {
  const world = fakeConversationWorld([{ frames: modelFrames("Prima", " parte"), stalls: true }]);
  const chat = testChatSession({
    ...world.session,
    complete: modelCompletion({ baseUrl: "http://oystar.test/groq", fetch: world.fetch, ...world.limits }),
  });
  const answered = chat.send("Racconta");
  await vi.waitFor(() => expect(chat.store.getState().partial).toBe("Prima parte"));
  world.advance(29_999);
  expect(chat.store.getState().loading).toBe(true);
  world.advance(1);
  expect(await answered).toBe(false);
  const { conversation, loading } = chat.store.getState();
  expect(loading).toBe(false);
  expect(conversation.messages.map((message) => [message.role, message.content])).toEqual([
    ["user", "Racconta"],
    ["assistant", "Prima parte\n\n_(Il modello non ha inviato nulla per 30 secondi: la risposta è stata interrotta.)_"],
  ]);
  expect(world.requests.map((request) => request.path)).toEqual(["/groq/chat/completions"]);
  expect(world.quotaReads()).toBe(0);
  world.advance(500);
  expect(world.quotaReads()).toBe(1);
});
