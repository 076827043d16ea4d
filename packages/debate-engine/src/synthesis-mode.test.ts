import { expect, test } from "vitest";
import { createDebateSession } from "./debate-session";
import { debatePrompt, turnRole } from "./debate-request";
import { debateModelCalls } from "./rules";
import { selectShownMessages, selectSynthesisProgress } from "./selectors";
import { analyst, fakeWorld, inCharacter, type ModelScript } from "./testing/fake-world";

test("synthesis: a hidden debate of all turns with progress, one increment, then the structured analysis of its last third", async () => {
  const world = fakeWorld({ script: analyst });
  const session = createDebateSession(world.ports, { length: 6, auto: false });
  const progress: string[] = [];
  session.store.subscribe((state) => {
    const shown = selectSynthesisProgress(state);
    if (shown && progress.at(-1) !== `${shown.label} · ${shown.phaseText}`) progress.push(`${shown.label} · ${shown.phaseText}`);
  });
  session.startSynthesis({ topic: "Treno contro aereo" });
  expect(selectSynthesisProgress(session.store.getState())).toEqual({
    percent: 0,
    label: "0/6 turni completati",
    phaseText: "Preparazione del dibattito",
  });
  await world.settle();

  // All six turns ran back to back, without timers (auto mode is off and nobody pressed 'Prossimo'),
  // then one analysis: exactly the calls the gateway lets a 6-turn synthesis charge to its id.
  expect(world.calls).toHaveLength(7);
  expect(world.calls).toHaveLength(debateModelCalls("synthesis", 6));
  expect(world.time.pendingTimers()).toBe(0);
  expect(world.increments()).toBe(1);
  expect(world.calls.every((call) => call.request.debate_id === "debate-1")).toBe(true);
  expect(progress).toEqual([
    "0/6 turni completati · Preparazione del dibattito",
    "0/6 turni completati · Dibattito nascosto: fase di opposizione",
    "1/6 turni completati · Dibattito nascosto: fase di opposizione",
    "2/6 turni completati · Dibattito nascosto: fase di riflessione",
    "3/6 turni completati · Dibattito nascosto: fase di riflessione",
    "4/6 turni completati · Dibattito nascosto: fase di sintesi",
    "5/6 turni completati · Dibattito nascosto: fase di sintesi",
    "6/6 turni completati · Analisi dell'ultimo terzo del dibattito",
  ]);

  const state = session.store.getState();
  expect(state).toMatchObject({ status: "idle", debate: null, messages: [], synthesis: { progress: null } });
  expect(state.synthesis.result).toEqual({
    topic: "Treno contro aereo",
    options: { A: "Treno", B: "aereo" },
    length: 6,
    createdAt: world.time.clock.now(),
    introduction: "Analizzati 2 interventi su «Treno contro aereo».",
    syntheses: [
      { title: "Prima", text: "A4 B5", plan: ["Primo passo.", "Secondo passo."] },
      { title: "Seconda", text: "Alternativa." },
      { title: "Terza", text: "Altra alternativa." },
    ],
    conclusions: "Fine.",
  });
});

test("the hidden debate keeps 200 characters of earlier messages and is not shown", async () => {
  const long: ModelScript = (call, index) => {
    const asked = call.request;
    if (asked.kind !== "turn") return analyst(call, index);
    return (async function* () {
      yield `${turnRole(asked).speaker} ${"parola ".repeat(60)}fine?`;
    })();
  };
  const world = fakeWorld({ script: long });
  const session = createDebateSession(world.ports, { length: 6 });
  const shown: number[] = [];
  session.store.subscribe((state) => shown.push(selectShownMessages(state).length));
  session.startSynthesis({ theses: ["Treno", "Aereo"] });
  await world.settle();
  expect(Math.max(...shown)).toBe(0);
  // The fourth turn quotes the three before it, the earlier two cut to 200 characters.
  const fourth = debatePrompt(world.calls[3]!.request).messages[1]?.content ?? "";
  const quoted = fourth
    .split("\n")
    .filter((line) => line.startsWith("[Modello"))
    .map((line) => line.replace(/^\[Modello [AB] · turno \d+\] /, "").length);
  expect(quoted).toEqual([200, 200, 427]);
});

test("a failing turn gives 'Errore durante la generazione della sintesi'; a bad analysis 'Errore durante l'analisi del dibattito'", async () => {
  const failingTurn: ModelScript = (call, index) =>
    index === 2
      ? (async function* () {
          yield* [];
          throw new Error("boom");
        })()
      : inCharacter(call, index);
  const first = fakeWorld({ script: failingTurn });
  const session = createDebateSession(first.ports, { length: 6 });
  session.startSynthesis({ topic: "Treno contro aereo" });
  await first.settle();
  expect(session.store.getState()).toMatchObject({
    status: "idle",
    messages: [],
    notice: { tone: "error", text: "Errore durante la generazione della sintesi" },
  });

  const second = fakeWorld({ script: inCharacter });
  const other = createDebateSession(second.ports, { length: 6 });
  other.startSynthesis({ topic: "Treno contro aereo" });
  await second.settle();
  expect(second.calls).toHaveLength(7);
  expect(other.store.getState()).toMatchObject({
    status: "idle",
    synthesis: { result: null },
    notice: { tone: "error", text: "Errore durante l'analisi del dibattito" },
  });
});

test("an empty hidden turn raises no error on screen: the synthesis goes on to its result", async () => {
  const silentTurn: ModelScript = (call, index) => (index === 1 ? (async function* () {})() : analyst(call, index));
  const world = fakeWorld({ script: silentTurn });
  const session = createDebateSession(world.ports, { length: 6 });
  session.startSynthesis({ topic: "Treno contro aereo" });
  await world.settle();
  expect(session.store.getState()).toMatchObject({
    notice: null,
    synthesis: { result: { introduction: "Analizzati 2 interventi su «Treno contro aereo»." } },
  });
});

test("challenge: Model A defends the thesis, Model B refutes it, as one debate", async () => {
  const world = fakeWorld();
  const session = createDebateSession(world.ports, { length: 6, auto: true });
  session.startChallenge("Il lavoro da remoto è più produttivo");
  await world.settle();
  world.time.advance(3000);
  await world.settle();
  expect(world.increments()).toBe(1);
  expect(session.store.getState().debate?.subject).toMatchObject({
    mode: "challenge",
    options: { A: "Il lavoro da remoto è più produttivo", B: "Non è vero che il lavoro da remoto è più produttivo" },
  });
  expect(world.asked()).toMatchObject([
    { kind: "turn", mode: "challenge", speaker: "A", ownOption: "Il lavoro da remoto è più produttivo" },
    { kind: "turn", mode: "challenge", speaker: "B", ownOption: "Non è vero che il lavoro da remoto è più produttivo" },
  ]);
  expect(debatePrompt(world.calls[1]!.request).messages[0]?.content).toContain("una tesi da confutare");
  expect(session.store.getState().messages.map((message) => message.speaker)).toEqual(["A", "B"]);
});
