import { expect, test } from "vitest";
import { transition } from "./debate-machine";
import { initialDebateState, type DebateEvent, type DebateState } from "./debate-state";

// The machine alone: plain data in, plain data and effects out — nothing is called.

const run = (events: DebateEvent[], state: DebateState = initialDebateState({ length: 6 })) =>
  events.reduce<{ state: DebateState; effects: unknown[] }>((step, event) => transition(step.state, event), { state, effects: [] });

const started: DebateEvent[] = [
  { type: "start", input: { topic: "Treno contro aereo" }, mode: "debate", at: 5 },
  { type: "providerReset", epoch: 1, ok: false },
  { type: "debateStarted", epoch: 1, debateId: "d-7" },
];

test("a start asks for the hard reset first, then (even after a failed reset) the increment, then turn 0", () => {
  const afterStart = run(started.slice(0, 1));
  expect(afterStart.effects).toEqual([
    { type: "abortReply" },
    { type: "cancelTimer" },
    {
      type: "resetProvider",
      epoch: 1,
      purpose: "start",
      request: { provider: "cloud", models: ["openai/gpt-oss-120b", "openai/gpt-oss-20b"] },
    },
  ]);
  expect(run(started.slice(0, 2)).effects).toEqual([{ type: "startDebate", epoch: 1 }]);
  const { state, effects } = run(started);
  expect(effects).toMatchObject([
    { type: "callModel", epoch: 1, call: 1, request: { debate_id: "d-7", kind: "turn", turn: 0, models: { A: "openai/gpt-oss-120b" } } },
  ]);
  expect(state).toMatchObject({ status: "speaking", streaming: { speaker: "A", turn: 0, phase: "opposizione" } });
});

test("answers from an earlier run or an abandoned call change nothing", () => {
  const { state } = run(started);
  for (const stale of [
    { type: "chunk", epoch: 0, call: 1, text: "vecchio", at: 0 },
    { type: "chunk", epoch: 1, call: 9, text: "vecchio", at: 0 },
    { type: "replyEnded", epoch: 1, call: 9, at: 0 },
    { type: "timerFired", epoch: 1 },
    { type: "debateStarted", epoch: 1, debateId: "d-8" },
  ] satisfies DebateEvent[]) {
    expect(transition(state, stale)).toEqual({ state, effects: [] });
  }
});

test("a finished turn in auto mode schedules the next in 3 s; the timer then plays it", () => {
  const auto = initialDebateState({ length: 6, auto: true });
  const ended = run(
    [
      ...started,
      { type: "chunk", epoch: 1, call: 1, text: "Il treno. Che ne pensi?", at: 6 },
      { type: "replyEnded", epoch: 1, call: 1, at: 7 },
    ],
    auto,
  );
  expect(ended.effects).toEqual([{ type: "schedule", epoch: 1, delayMs: 3000 }]);
  expect(ended.state).toMatchObject({ status: "between", timerPending: true, turn: 1 });
  const fired = transition(ended.state, { type: "timerFired", epoch: 1 });
  expect(fired.state.streaming).toMatchObject({ speaker: "B", turn: 1 });
});

test("STOP aborts, cancels and resets the provider; a debate begun keeps its turns and says where it stopped (issue 50 §7)", () => {
  const { state } = run(started);
  const stopped = transition(state, { type: "stop" });
  expect(stopped.effects.map((effect) => effect.type)).toEqual(["abortReply", "cancelTimer", "resetProvider"]);
  expect(stopped.state).toMatchObject({ status: "halted", epoch: 2, streaming: null, timerPending: false, debate: { debateId: "d-7" } });
  expect(stopped.state.messages).toEqual([{ id: "1-stopped-0", card: { kind: "stopped", turn: 1 } }]);
  // The aborted turn's late piece and the provider's answer belong to the epoch before.
  expect(transition(stopped.state, { type: "chunk", epoch: 1, call: 1, text: "tardi", at: 9 }).state).toBe(stopped.state);
  expect(transition(stopped.state, { type: "providerReset", epoch: 1, ok: true }).state).toBe(stopped.state);

  // Before the debate is charged there is nothing to keep: back to the start.
  const starting = run(started.slice(0, 1)).state;
  expect(transition(starting, { type: "stop" }).state).toMatchObject({ status: "idle", messages: [], debate: null });
});

// Issue 27 §5: the notice said what was missing; once nothing is, it goes by itself.
test("the empty-topic notice goes once the input can start, and only then; other notices stay", () => {
  const refused = run([{ type: "start", input: { theses: ["Il treno", ""] }, mode: "debate", at: 1 }]);
  expect(refused.state.notice).toMatchObject({ tone: "error", text: "Inserisci un tema per la discussione!" });
  const halfTyped = transition(refused.state, { type: "inputChanged", input: { theses: ["Il treno", " "] }, mode: "debate" });
  expect(halfTyped.state).toBe(refused.state);
  const complete = transition(refused.state, { type: "inputChanged", input: { theses: ["Il treno", "L'aereo"] }, mode: "debate" });
  expect(complete).toEqual({ state: { ...refused.state, notice: null }, effects: [] });

  const challenge = run([{ type: "start", input: { thesis: "" }, mode: "challenge", at: 1 }]);
  expect(
    transition(challenge.state, { type: "inputChanged", input: { thesis: "Il treno vince" }, mode: "challenge" }).state.notice,
  ).toBeNull();

  const resetFailed: DebateState = { ...initialDebateState({ length: 6 }), notice: { tone: "error", text: "❌ Errore reset!" } };
  expect(transition(resetFailed, { type: "inputChanged", input: { theses: ["Il treno", "L'aereo"] }, mode: "debate" }).state).toBe(
    resetFailed,
  );
});
