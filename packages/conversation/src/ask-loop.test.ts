import { HttpError } from "@oystar/api-client";
import { expect, test } from "vitest";
import { createStore } from "zustand/vanilla";
import { createAskLoop, type AskingState, type AskTurn } from "./ask-loop";
import type { ConversationFailure } from "./failures";
import { fakeConversationWorld } from "./testing";

// The one ask loop of the chat and RAG, with a turn the test writes: what the store shows while
// an answer streams, and how it ends.

type State = AskingState & { sources: string[]; said: string[] };

function setUp(generic?: string) {
  const world = fakeConversationWorld();
  const store = createStore<State>()(() => ({
    loading: false,
    partial: "",
    answerId: null,
    alert: null,
    notice: null,
    sources: ["vecchia"],
    said: [],
  }));
  const loop = createAskLoop(store, world.session, { failureWords: () => ({ admin: false, generic }), idle: { sources: [] } });
  const say = (line: string) => store.setState({ said: [...store.getState().said, line] });
  /** A turn whose answer is `pieces`, then `ending` (an error to throw, or a wait until aborted). */
  const turn = (pieces: string[], ending?: { error: unknown } | "waits"): AskTurn => ({
    answerId: "a1",
    async *stream(signal) {
      for (const piece of pieces) yield piece;
      if (ending === "waits") await new Promise((resolve) => signal.addEventListener("abort", resolve));
      else if (ending) throw ending.error;
    },
    finish: (text) => say(`finito: ${text}`),
    stopped: (text) => say(`fermato: ${text}`),
    fail: (failure: ConversationFailure, text) => say(`${failure.kind}: ${"message" in failure ? failure.message : ""} (${text})`),
  });
  return { world, store, loop, turn, state: () => store.getState() };
}

test("an answer streams into partial under its id, ends as the feature's message, and the quotas are read 500 ms later", async () => {
  const { world, loop, turn, state } = setUp();
  const sending = loop.send(() => turn(["Buon", "", "giorno"]));
  expect(state()).toMatchObject({ loading: true, answerId: "a1", sources: [] });
  expect(await sending).toBe(true);
  expect(state()).toMatchObject({ loading: false, partial: "", answerId: null, said: ["finito: Buongiorno"] });
  world.advance(499);
  expect(world.quotaReads()).toBe(0);
  world.advance(1);
  expect(world.quotaReads()).toBe(1);
});

test("a screen left (dispose) drops the answer, and the quota read due after it never comes", async () => {
  const { world, loop, turn, state } = setUp();
  const sending = loop.send(() => turn(["Buon"], "waits"));
  await expect.poll(() => state().partial).toBe("Buon");
  loop.dispose();
  expect(await sending).toBe(false);
  world.advance(500);
  expect(world.quotaReads()).toBe(0);
});

test("STOP keeps what had arrived through the feature's `stopped`; an abort (clear, leaving) keeps nothing", async () => {
  const stopping = setUp();
  const stopped = stopping.loop.send(() => stopping.turn(["Prima parte"], "waits"));
  await expect.poll(() => stopping.state().partial).toBe("Prima parte");
  stopping.loop.stop();
  expect(await stopped).toBe(false);
  expect(stopping.state().said).toEqual(["fermato: Prima parte"]);

  const clearing = setUp();
  const cleared = clearing.loop.send(() => clearing.turn(["Prima parte"], "waits"));
  await expect.poll(() => clearing.state().partial).toBe("Prima parte");
  clearing.loop.abort();
  expect(await cleared).toBe(false);
  expect(clearing.state()).toMatchObject({ loading: false, said: [] });
});

test("a failure reads in the feature's words: the LLM message, or its generic error with the server's detail", async () => {
  const chat = setUp();
  await chat.loop.send(() => chat.turn(["Mezza"], { error: new Error("rete assente") }));
  expect(chat.state().said).toEqual([
    "llm: Errore di comunicazione con il modello: rete assente. Verifica che il backend sia attivo e raggiungibile. (Mezza)",
  ]);

  const rag = setUp("Si è verificato un errore.");
  const failures: ConversationFailure[] = [];
  const store = rag.store;
  await rag.loop.send(() => ({
    ...rag.turn([], { error: new HttpError(503, { error: "Indice non disponibile" }) }),
    fail: (failure) => void failures.push(failure),
  }));
  expect(failures).toEqual([{ kind: "error", message: "Si è verificato un errore.", detail: "Indice non disponibile" }]);
  expect(store.getState().loading).toBe(false);
});

test("nothing to send (no token): no answer, and the quotas are still read", async () => {
  const { world, loop, state } = setUp();
  expect(await loop.send(async () => null)).toBe(false);
  expect(state().loading).toBe(false);
  world.advance(500);
  expect(world.quotaReads()).toBe(1);
});

test("a busy server's wait is said in the notice until the answer begins (issue 55 §1)", async () => {
  const { loop, state } = setUp();
  let goOn = () => {};
  const sending = loop.send(() => ({
    answerId: "a1",
    async *stream(_signal, busy) {
      busy(3);
      await new Promise<void>((resolve) => (goOn = resolve));
      yield "Eccomi";
    },
    finish: () => {},
    fail: () => {},
  }));
  await expect.poll(() => state().notice).toBe("Servizio molto richiesto, riprovo tra 3 s");
  expect(state().loading).toBe(true);
  goOn();
  expect(await sending).toBe(true);
  expect(state().notice).toBeNull();
});
