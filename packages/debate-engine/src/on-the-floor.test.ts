// @vitest-environment node
import { fakeConversationWorld, modelFrames } from "@oystar/conversation/testing";
import { expect, test, vi } from "vitest";
import { createDebateSession } from "./debate-session";
import { httpDebatePorts } from "./http-ports";

// Issue 24: the debate runs on the floor — the answer-stream runner on the floor's clock port —
// in the fake world the chat's and RAG's tests share.

test("on the shared world: a turn whose model stalls is cut off after 30 s of the clock that runs the debate, in the floor's words", async () => {
  const world = fakeConversationWorld([
    { status: 200, body: { status: "success", message: "Connessione reimpostata.", details: { actions: [] } } },
    { status: 200, body: { debate_id: "d-1", debates_used: 1, debates_limit: 5 } },
    { frames: modelFrames("A0: il treno", " è comodo"), stalls: true },
  ]);
  const session = createDebateSession({ ...httpDebatePorts({ api: world.api, limits: world.limits }), clock: world.clock }, { length: 6 });
  session.start({ theses: ["Il treno", "L'aereo"] });
  await vi.waitFor(() => expect(session.store.getState().streaming?.text).toBe("A0: il treno è comodo"));
  world.advance(29_999);
  expect(session.store.getState().streaming).not.toBeNull();
  world.advance(1);
  await vi.waitFor(() => expect(session.store.getState().streaming).toBeNull());
  expect(session.store.getState().messages.at(-1)?.card).toEqual({
    kind: "error",
    message: expect.stringContaining("Il modello non ha inviato nulla per 30 secondi: la risposta è stata interrotta."),
  });
  expect(world.requests.map((request) => request.path)).toEqual(["/api/ollama/reset", "/api/debates/increment", "/api/debates/calls"]);
  session.dispose();
});
