// @vitest-environment node
import { MARKERS } from "@oystar/conversation";
import { citedPassage, fakeConversationWorld, streamFrame } from "@oystar/conversation/testing";
import { expect, test } from "vitest";
import { httpAskStream } from "./ask-stream";
import { createRagSession } from "./rag-session";

// Issue 24: RAG runs on the floor — the ask loop and the failure words — in the fake world the
// chat's and the debate's tests share.

const guide = citedPassage({ noteNumber: 1, chunkId: "12", title: "Guida", filename: "guida.md" });

test("on the shared world: an answer with its sources, a refusal as the floor's quota card, the quotas read 500 ms after each question", async () => {
  const world = fakeConversationWorld([
    {
      frames: [
        streamFrame({ sources: [guide] }),
        streamFrame({ chunk: "Si annaffia " }),
        streamFrame({ chunk: "la sera [1]." }),
        streamFrame({}, "end"),
      ],
    },
    { status: 429, body: { error: "Quota esaurita" } },
  ]);
  const rag = createRagSession({ ...world.session, ask: httpAskStream(world.api) });
  expect(await rag.send("Quando si annaffia?")).toBe(true);
  expect(await rag.send("E d'inverno?")).toBe(false);
  const { conversation, loading, partialSources } = rag.store.getState();
  expect(loading).toBe(false);
  expect(partialSources).toEqual([]);
  expect(conversation.messages).toMatchObject([
    { role: "user", content: "Quando si annaffia?" },
    { role: "assistant", content: "Si annaffia la sera [1].", sources: [guide] },
    { role: "user", content: "E d'inverno?" },
    { role: "assistant", content: "", card: MARKERS.quotaExceeded },
  ]);
  expect(world.requests.map((request) => request.path)).toEqual(["/api/ask-stream", "/api/ask-stream"]);
  expect(world.quotaReads()).toBe(0);
  world.advance(500);
  expect(world.quotaReads()).toBe(2);
});
