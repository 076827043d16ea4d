import { expect, test } from "vitest";
import { createDebateSession } from "./debate-session";
import { asKeptDebate, keptDebateId, keptDebateOf } from "./kept-debate";
import type { KeptDebate, KeptDebateRecord } from "./debate-state";
import { keptDebateMarkdown, keptDebateMessages } from "./kept-debate-text";
import { analyst, FAKE_PASSAGES, fakeWorld, fromDocuments } from "./testing/fake-world";

// Issue 35 §1: a debate kept on the device opens again — finished, whole with its scorecard and
// vote; stopped mid-way, from its next turn in the same debate; a synthesis, with its result.

const theses = { theses: ["Il treno", "L'aereo"] as const };

function setUp(world = fakeWorld({ script: analyst })) {
  const session = createDebateSession(world.ports, { length: 6, auto: false });
  return { session, world, state: () => session.store.getState() };
}

/** What the device keeps goes through JSON (it is sealed as such): nothing may depend on identity. */
const throughDevice = (kept: KeptDebateRecord | null) => asKeptDebate(JSON.parse(JSON.stringify(kept)));

async function playTurns(setup: ReturnType<typeof setUp>, turns: number) {
  setup.session.start(theses);
  await setup.world.settle();
  for (let played = 1; played < turns; played += 1) {
    setup.session.next();
    await setup.world.settle();
  }
}

test("a finished debate opens whole in a fresh screen: turns, the judge's scorecard and the vote; nothing is asked of the model", async () => {
  const first = setUp();
  await playTurns(first, 6);
  expect(first.state().status).toBe("finished");
  first.session.feedbackSent("B");
  const kept = throughDevice(keptDebateOf(first.state())) as KeptDebate;
  expect(kept.feedback).toEqual({ vote: "B" });

  const second = setUp();
  second.session.open(kept);
  await second.world.settle();
  const state = second.state();
  expect(state.status).toBe("finished");
  expect(state.debate?.subject.topic).toBe("Il treno contro l'aereo");
  expect(state.messages.map((message) => message.card?.kind ?? `${message.speaker}${message.turn}`)).toEqual([
    "A0",
    "B1",
    "A2",
    "B3",
    "A4",
    "B5",
    "judgement",
    "feedbackForm",
  ]);
  const judgement = state.messages.find((message) => message.card?.kind === "judgement")?.card;
  expect(judgement).toMatchObject({ judgement: { status: "done", scorecard: { verdict: "A" } } });
  expect(state.messages.at(-1)?.card).toEqual({ kind: "feedbackForm", sent: { vote: "B" } });
  expect(second.world.calls).toHaveLength(0);
  expect(second.world.increments()).toBe(0);

  // The history's words: the topic is the title, every turn, the scorecard and the vote are found.
  const words = keptDebateMessages(kept);
  expect(words[0]).toMatchObject({ role: "user", content: "Il treno contro l'aereo" });
  const text = words.map((message) => message.content).join("\n");
  for (const said of ["A0: difendo «Il treno»", "B5: difendo «L'aereo»", "Verdetto: Vince il Lato A", "Il tuo voto: Lato B"])
    expect(text).toContain(said);
  const markdown = keptDebateMarkdown(kept, { title: "Treni", date: new Date(2026, 0, 2) });
  expect(markdown).toMatch(/^# Treni\n/);
  expect(markdown).toContain("### Turno 6 · Modello B · Sintesi");
  expect(markdown).toContain("## Chi ti ha convinto di più?\n\nIl tuo voto: Lato B");
});

test("a debate stopped mid-way opens as it was and goes on from its next turn, in the same debate", async () => {
  const first = setUp();
  await playTurns(first, 2);
  // What the device holds from the second completed turn on; STOP (issue 50 §7) leaves it as it was.
  const kept = throughDevice(keptDebateOf(first.state())) as KeptDebate;
  first.session.stop();
  expect(throughDevice(keptDebateOf(first.state()))).toEqual(kept);

  const second = setUp(fakeWorld({ script: analyst }));
  second.session.open(kept);
  expect(second.state().status).toBe("between");
  expect(second.state().turn).toBe(2);
  second.session.next();
  await second.world.settle();
  // Turn 2 is A's, in the kept debate's id, with the two turns played before it.
  expect(second.world.asked()).toMatchObject([
    { kind: "turn", turn: 2, speaker: "A", debate_id: "debate-1", history: [{ turn: 0 }, { turn: 1 }] },
  ]);
  expect(second.world.increments()).toBe(0);
  for (let turn = 3; turn < 6; turn += 1) {
    second.session.next();
    await second.world.settle();
  }
  expect(second.state().status).toBe("finished");
  const again = keptDebateOf(second.state()) as KeptDebate;
  // The same record on the device; its id (stored in clear) is a time, not a word about debates.
  expect(keptDebateId(again)).toBe(keptDebateId(kept));
  expect(keptDebateId(kept)).toMatch(/^\d+$/);
  expect(again.messages.filter((message) => !message.card).map((message) => message.turn)).toEqual([0, 1, 2, 3, 4, 5]);
});

test("a synthesis opens with its result; a pending judge reads as not finished; anything else is not a kept debate", async () => {
  const first = setUp();
  first.session.startSynthesis({ topic: "Treno contro aereo" });
  await first.world.settle();
  const kept = throughDevice(keptDebateOf(first.state()));
  expect(kept && "synthesis" in kept ? kept.synthesis.topic : null).toBe("Treno contro aereo");
  const second = setUp();
  second.session.open(kept as KeptDebateRecord);
  expect(second.state().synthesis.result?.syntheses[0].title).toBe("Prima");
  expect(second.state().debate).toBeNull();

  // Kept while the judge was reading (the page closed then): its card says it did not finish.
  const debate = setUp();
  await playTurns(debate, 6);
  const finished = throughDevice(keptDebateOf(debate.state())) as KeptDebate;
  const pending: KeptDebate = {
    ...finished,
    messages: finished.messages.map((message) =>
      message.card?.kind === "judgement"
        ? { id: message.id, card: { kind: "judgement", judgement: { status: "pending", reports: [] } } }
        : message,
    ),
  };
  const third = setUp();
  third.session.open(pending);
  expect(third.state().messages.find((message) => message.card?.kind === "judgement")?.card).toEqual({
    kind: "judgement",
    judgement: { status: "failed", message: "Il giudice non ha finito la sua valutazione: la pagina è stata chiusa prima." },
  });
  expect(third.state().messages.at(-1)?.card).toEqual({ kind: "feedbackForm" });

  expect(asKeptDebate({ version: 1, debate: null })).toBeNull();
  expect(asKeptDebate("dibattito")).toBeNull();
});

// Issue 38 §1: a debate argued from documents and kept before the one cited-passage contract (its
// passages numbered `n`) opens with its passages as the contract has them — its [n] still open them.
test("a debate kept with its passages in the older shape opens with them as cited passages", async () => {
  const first = setUp(fakeWorld({ script: fromDocuments }));
  first.session.setDocuments("gardenroute-demo");
  await playTurns(first, 2);
  const kept = JSON.parse(JSON.stringify(keptDebateOf(first.state()))) as KeptDebate;
  const older = {
    ...kept,
    messages: kept.messages.map((message) =>
      !message.card && message.evidence
        ? {
            ...message,
            evidence: {
              ...message.evidence,
              passages: message.evidence.passages.map(({ noteNumber, chunkId, title, filename, page, excerpt }) => ({
                n: noteNumber,
                chunkId,
                title,
                filename,
                page,
                excerpt,
              })),
            },
          }
        : message,
    ),
  };
  const opened = asKeptDebate(older) as KeptDebate;
  const turns = opened.messages.flatMap((message) => (!message.card && message.evidence ? [message.evidence] : []));
  expect(turns).toHaveLength(2);
  for (const evidence of turns)
    expect(evidence.passages).toEqual(FAKE_PASSAGES.map((passage) => ({ ...passage, document: passage.filename })));
  // One kept since reads back as it was.
  expect(throughDevice(keptDebateOf(first.state()))).toEqual(kept);
});
