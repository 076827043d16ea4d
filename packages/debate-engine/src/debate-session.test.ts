import { HttpError } from "@oystar/api-client";
import { expect, test } from "vitest";
import { createDebateSession } from "./debate-session";
import { debateDefaultsFrom, type DebateDefaults } from "./debate-state";
import { debateModelCalls } from "./rules";
import { selectCanPlayNext, selectPhase, selectStatusBadge } from "./selectors";
import { fakeWorld, inCharacter, type ModelScript } from "./testing/fake-world";

const theses = { theses: ["Il treno", "L'aereo"] as const };

function setUp(settings: DebateDefaults = {}, world = fakeWorld()) {
  const session = createDebateSession(world.ports, { length: 6, ...settings });
  return { session, world, state: () => session.store.getState() };
}

const speeches = (messages: readonly { card?: unknown; speaker?: string; turn?: number }[]) =>
  messages.filter((message) => !message.card).map((message) => `${message.speaker}${message.turn}`);

test("start: hard reset of the provider with both models, then one debate increment, then turn 0 by A with its debate id", async () => {
  const { session, world, state } = setUp({ auto: false, models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" } });
  session.start(theses);
  expect(state().status).toBe("connecting");
  expect(world.resets).toEqual([{ provider: "cloud", models: ["openai/gpt-oss-120b", "openai/gpt-oss-20b"] }]);
  expect(world.increments()).toBe(0);
  await world.settle();
  expect(world.increments()).toBe(1);
  expect(world.asked().map((asked) => [asked.model, asked.debate_id])).toEqual([["openai/gpt-oss-120b", "debate-1"]]);
  expect(state().messages).toMatchObject([
    { speaker: "A", turn: 0, phase: "opposizione", model: "openai/gpt-oss-120b", content: "A0: difendo «Il treno». Che ne pensi?" },
  ]);
  // Manual mode: the next turn waits for 'Prossimo'.
  expect(state().status).toBe("between");
  expect(world.time.pendingTimers()).toBe(0);
  expect(selectStatusBadge(state())).toEqual({ auto: false, nextSpeaker: "B", turn: 1, total: 6 });
  session.next();
  await world.settle();
  // Every turn of the debate is charged to its debate id, never as a question.
  expect(world.asked().map((asked) => [asked.model, asked.debate_id])).toEqual([
    ["openai/gpt-oss-120b", "debate-1"],
    ["openai/gpt-oss-20b", "debate-1"],
  ]);
  expect(world.increments()).toBe(1);
});

test("manual: each 'Prossimo' plays one turn, alternating A and B, to the feedback form", async () => {
  const { session, world, state } = setUp();
  session.start(theses);
  await world.settle();
  for (let played = 1; played < 6; played += 1) {
    expect(selectCanPlayNext(state())).toBe(true);
    session.next();
    await world.settle();
  }
  expect(speeches(state().messages)).toEqual(["A0", "B1", "A2", "B3", "A4", "B5"]);
  expect(state().messages.map((message) => message.phase ?? message.card?.kind)).toEqual([
    "opposizione",
    "opposizione",
    "riflessione",
    "riflessione",
    "sintesi",
    "sintesi",
    "judgement",
    "feedbackForm",
  ]);
  expect(state().status).toBe("finished");
  session.next();
  await world.settle();
  // No call past the last turn and the judge's two runs: the gateway charges a debate no more.
  expect(world.asked().map((asked) => asked.kind)).toEqual(["turn", "turn", "turn", "turn", "turn", "turn", "judge", "judge"]);
  expect(world.calls).toHaveLength(debateModelCalls("debate", 6));
  expect(world.increments()).toBe(1);
});

test("auto: the next turn starts 3 s after the previous one ends; at the end auto turns off", async () => {
  const { session, world, state } = setUp({ auto: true });
  session.start(theses);
  await world.settle();
  expect(world.calls).toHaveLength(1);
  expect(world.time.pendingTimers()).toBe(1);
  world.time.advance(2999);
  await world.settle();
  expect(world.calls).toHaveLength(1);
  world.time.advance(1);
  await world.settle();
  expect(world.calls).toHaveLength(2);
  for (let turn = 2; turn < 6; turn += 1) {
    world.time.advance(3000);
    await world.settle();
  }
  expect(speeches(state().messages)).toHaveLength(6);
  expect(state().messages.at(-1)?.card).toEqual({ kind: "feedbackForm" });
  expect(state().settings.auto).toBe(false);
  // Issue 52 §5: the user is told the mode changed (spec 001 §4 turns it off), not left to find 'Manuale'.
  expect(state().notice).toEqual({
    tone: "info",
    text: "La modalità automatica si è spenta, come alla fine di ogni dibattito: riattivala nelle impostazioni per il prossimo.",
  });
  expect(world.time.pendingTimers()).toBe(0);
});

test("turning auto on with messages present resumes with the speaker given by their parity", async () => {
  const { session, world, state } = setUp();
  session.start(theses);
  await world.settle();
  session.next();
  await world.settle();
  session.next();
  await world.settle();
  expect(speeches(state().messages)).toEqual(["A0", "B1", "A2"]);
  session.setAuto(true);
  expect(world.time.pendingTimers()).toBe(1);
  expect(selectStatusBadge(state())?.nextSpeaker).toBe("B");
  world.time.advance(3000);
  await world.settle();
  expect(speeches(state().messages)).toEqual(["A0", "B1", "A2", "B3"]);
  // And off again: the pending turn is cancelled.
  session.setAuto(false);
  expect(world.time.pendingTimers()).toBe(0);
});

test("issue 50 §7: STOP during a streaming turn aborts it and leaves no timer; the turns played stay, with where it stopped", async () => {
  const { session, world, state } = setUp(
    { auto: true },
    fakeWorld({ script: (call, index) => (index === 1 ? "controlled" : inCharacter(call, index)) }),
  );
  session.start(theses);
  await world.settle();
  world.time.advance(3000);
  await world.settle();
  const [streaming] = world.controlled;
  streaming?.push("Il volo ");
  await world.settle();
  expect(state().streaming?.text).toBe("Il volo ");
  session.stop();
  expect(world.calls[1]?.signal.aborted).toBe(true);
  expect(world.time.pendingTimers()).toBe(0);
  // A late piece of the aborted stream changes nothing.
  streaming?.push("arriva tardi");
  await world.settle();
  expect(state()).toMatchObject({ status: "halted", streaming: null, timerPending: false, debate: { debateId: "debate-1" } });
  expect(speeches(state().messages)).toEqual(["A0"]);
  expect(state().messages.at(-1)?.card).toEqual({ kind: "stopped", turn: 2 });
  world.time.advance(10_000);
  await world.settle();
  expect(world.calls).toHaveLength(2);
  // STOP resets the provider as well (with the debate's models).
  expect(world.resets.at(-1)).toEqual({ provider: "cloud", models: ["openai/gpt-oss-120b", "openai/gpt-oss-20b"] });
});

test("STOP while auto waits for the next turn cancels its timer, and says the turn it stopped at", async () => {
  const { session, world, state } = setUp({ auto: true });
  session.start(theses);
  await world.settle();
  expect(world.time.pendingTimers()).toBe(1);
  session.stop();
  expect(world.time.pendingTimers()).toBe(0);
  expect(state().messages.at(-1)?.card).toEqual({ kind: "stopped", turn: 1 });
  // Nothing plays on by itself afterwards; 'FAI UN ALTRO DIBATTITO' starts over.
  world.time.advance(10_000);
  await world.settle();
  expect(speeches(state().messages)).toEqual(["A0"]);
  session.newDebate();
  expect(state()).toMatchObject({ status: "idle", messages: [], debate: null });
});

test("a preventive provider reset every 10 turns, on the cloud provider only", async () => {
  for (const provider of ["cloud", "local"] as const) {
    const { session, world, state } = setUp({ length: 22, auto: true, provider });
    session.start(theses);
    await world.settle();
    const resetsBeforeTurn: number[] = [];
    for (let turn = 1; turn < 22; turn += 1) {
      const before = world.resets.length;
      world.time.advance(3000);
      await world.settle();
      if (world.resets.length > before) resetsBeforeTurn.push(turn);
    }
    expect(state().status).toBe("finished");
    // 22 turns, then the judge's two runs.
    expect(world.calls).toHaveLength(24);
    expect(resetsBeforeTurn).toEqual(provider === "cloud" ? [10, 20] : []);
    expect(world.resets[0]).toEqual({ provider, models: ["openai/gpt-oss-120b", "openai/gpt-oss-20b"] });
  }
});

test("an error containing 429 ends the debate with the debate quota card", async () => {
  const script: ModelScript = (call, index) => {
    if (index < 1) return inCharacter(call, index);
    return (async function* () {
      yield* [];
      throw new HttpError(429, { error: "Hai raggiunto il limite" });
    })();
  };
  const { session, world, state } = setUp({ auto: true }, fakeWorld({ script }));
  session.start(theses);
  await world.settle();
  world.time.advance(3000);
  await world.settle();
  expect(state().messages.at(-1)).toMatchObject({ card: { kind: "debatesExceeded" } });
  expect(state().status).toBe("halted");
  expect(world.time.pendingTimers()).toBe(0);
  session.next();
  await world.settle();
  expect(world.calls).toHaveLength(2);
});

test("a refused increment shows the quota card and no model is called", async () => {
  const { session, world, state } = setUp({}, fakeWorld({ startDebate: () => Promise.resolve({ status: "quotaExhausted" }) }));
  session.start(theses);
  await world.settle();
  expect(state().messages).toMatchObject([{ card: { kind: "debatesExceeded" } }]);
  expect(world.calls).toHaveLength(0);
  const failing = setUp({}, fakeWorld({ startDebate: () => Promise.reject(new HttpError(500, { error: "Database non raggiungibile" })) }));
  failing.session.start(theses);
  await failing.world.settle();
  expect(failing.state().messages).toMatchObject([{ card: { kind: "error", message: "❌ Errore: Database non raggiungibile" } }]);
});

test("an empty reply leaves the 'no response' card and an error, and the debate goes on with the other model", async () => {
  const script: ModelScript = (call, index) => (index === 1 ? (async function* () {})() : inCharacter(call, index));
  const { session, world, state } = setUp({ auto: true }, fakeWorld({ script }));
  session.start(theses);
  await world.settle();
  expect(state().notice).toBeNull();
  world.time.advance(3000);
  await world.settle();
  expect(state().messages[1]).toMatchObject({ card: { kind: "noResponse" }, speaker: "B", turn: 1 });
  // spec 001 §4: "adds an LLM_NO_RESPONSE card and an error".
  expect(state().notice).toEqual({ tone: "error", text: "❌ Errore: il Modello B non ha inviato testo al turno 2." });
  world.time.advance(3000);
  await world.settle();
  expect(state().messages[2]).toMatchObject({ speaker: "A", turn: 2 });
});

test("another error reads '❌ Errore: {message}'; 'Prossimo' plays the same turn again", async () => {
  const script: ModelScript = (call, index) =>
    index === 1
      ? (async function* () {
          yield* [];
          throw new Error("Il modello non risponde. Riprova tra poco.");
        })()
      : inCharacter(call, index);
  const { session, world, state } = setUp({ auto: true }, fakeWorld({ script }));
  session.start(theses);
  await world.settle();
  world.time.advance(3000);
  await world.settle();
  expect(state().messages[1]).toMatchObject({ card: { kind: "error", message: "❌ Errore: Il modello non risponde. Riprova tra poco." } });
  expect(state().settings.auto).toBe(false);
  expect(world.time.pendingTimers()).toBe(0);
  session.next();
  await world.settle();
  expect(speeches(state().messages)).toEqual(["A0", "B1"]);
});

test("the loop guard stops a repeating turn: the stream is aborted and the reply keeps the chunk once", async () => {
  const { session, world, state } = setUp({}, fakeWorld({ script: () => "controlled" }));
  session.start(theses);
  await world.settle();
  world.controlled[0]?.push("Il treno è comodo", " e comodo", " e comodo", " e comodo");
  await world.settle();
  expect(world.calls[0]?.signal.aborted).toBe(true);
  expect(state().messages).toMatchObject([{ speaker: "A", content: "Il treno è comodo e comodo" }]);
  expect(state().status).toBe("between");
});

test("the topic '*reset*' resets the connection instead of starting a debate", async () => {
  const { session, world, state } = setUp();
  session.start({ topic: " *reset* " });
  await world.settle();
  expect(world.resets).toHaveLength(1);
  expect(world.increments()).toBe(0);
  expect(state()).toMatchObject({ status: "idle", notice: { tone: "info", text: "Connessione reimpostata." } });
  const failing = setUp({}, fakeWorld({ reset: () => Promise.reject(new Error("offline")) }));
  failing.session.start({ theses: ["*reset*", ""] });
  await failing.world.settle();
  expect(failing.state().notice).toEqual({ tone: "error", text: "❌ Errore reset!" });
});

test("an empty topic is refused with the spec's alert, and nothing is called", async () => {
  const { session, world, state } = setUp();
  session.start({ theses: ["Il treno", "  "] });
  session.startSynthesis({ topic: "" });
  session.startChallenge(" ");
  await world.settle();
  expect(state().notice).toEqual({ tone: "error", text: "Inserisci un tema per la discussione!", emptyInput: true });
  expect([world.resets.length, world.increments(), world.calls.length]).toEqual([0, 0, 0]);
  session.dismissNotice();
  expect(state().notice).toBeNull();
});

test("models named in the topic play instead of the chosen ones", async () => {
  const { session, world } = setUp();
  session.start({ topic: 'Treno o aereo Model-B="llama-3.3-70b-versatile"' });
  await world.settle();
  session.next();
  await world.settle();
  expect(world.resets[0]?.models).toEqual(["openai/gpt-oss-120b", "llama-3.3-70b-versatile"]);
  expect(world.asked().map((asked) => asked.model)).toEqual(["openai/gpt-oss-120b", "llama-3.3-70b-versatile"]);
  expect(world.asked().map((asked) => asked.kind === "turn" && asked.ownOption)).toEqual(["Treno", "aereo"]);
});

test("the length is locked while generating or once messages exist", async () => {
  const { session, world, state } = setUp();
  session.setLength(40);
  expect(state().settings.length).toBe(40);
  session.start(theses);
  session.setLength(8);
  await world.settle();
  session.setLength(8);
  expect(state().settings.length).toBe(40);
  expect(state().debate?.length).toBe(40);
  expect(selectPhase(state())).toBe("opposizione");
  session.newDebate();
  session.setLength(8);
  expect(state().settings.length).toBe(8);
});

test("late settings apply on the start screen only", async () => {
  const { session, world, state } = setUp();
  session.configure(
    debateDefaultsFrom({
      debate_length: 30,
      debate_auto_mode: true,
      debate_model_a: "openai/gpt-oss-120b",
      debate_model_b: "openai/gpt-oss-120b",
      debate_judge_model: "mixtral-8x7b-32768",
    }),
  );
  expect(state().settings).toEqual({
    length: 30,
    auto: true,
    provider: "cloud",
    models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-120b" },
    judge: "mixtral-8x7b-32768",
    documents: null,
  });
  session.start(theses);
  await world.settle();
  session.configure({ length: 10 });
  expect(state().settings.length).toBe(30);
});
