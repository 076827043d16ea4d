import { OFFLINE_MODEL, type DebateJudgeCall } from "@oystar/api-client";
import { expect, test } from "vitest";
import { debatePrompt } from "./debate-request";
import { createDebateSession } from "./debate-session";
import type { DebateJudgement, DebateState } from "./debate-state";
import { formatJudgeRun, JudgeFormatError, parseJudgeRun, type JudgedSide } from "./judge-format";
import { runVerdict, scorecardOf } from "./scorecard";
import { replyMeasure } from "./judge-measures";
import { judgeCall } from "./judge-request";
import { debateModelCalls } from "./rules";
import { fakeWorld, inCharacter, judgeAnswer, type ModelScript } from "./testing/fake-world";

// issue 26 §1: the judge as phases of the debate machine — a fake model, a virtual clock.

const judgement = (state: DebateState): DebateJudgement | undefined => {
  const card = state.messages.find((message) => message.card?.kind === "judgement")?.card;
  return card?.kind === "judgement" ? card.judgement : undefined;
};

/** A script whose judge answers with `answer(call)`; turns in character. */
const judgedBy =
  (answer: (call: DebateJudgeCall) => string): ModelScript =>
  (call, index) =>
    call.request.kind === "judge"
      ? (async function* () {
          yield answer(call.request as DebateJudgeCall);
        })()
      : inCharacter(call, index);

async function playDebate(
  script: ModelScript = inCharacter,
  { mode = "debate" as "debate" | "challenge", models = { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" } } = {},
) {
  const world = fakeWorld({ script });
  const session = createDebateSession(world.ports, { length: 6, auto: true, models, judge: "llama-3.3-70b-versatile" });
  if (mode === "challenge") session.startChallenge("Il treno è meglio dell'aereo");
  else session.start({ theses: ["Il treno", "L'aereo"] });
  await world.settle();
  for (let turn = 1; turn < 6; turn += 1) {
    world.time.advance(3000);
    await world.settle();
  }
  return { world, session, state: () => session.store.getState() };
}

test("a finished debate is judged twice, the sides' order swapped, and ends with the scorecard before the feedback form", async () => {
  const { world, state } = await playDebate();
  const judged = world.asked().filter((asked) => asked.kind === "judge");
  expect(judged).toMatchObject([
    { kind: "judge", run: 1, judge_model: "llama-3.3-70b-versatile", debate_id: "debate-1", length: 6 },
    { kind: "judge", run: 2, judge_model: "llama-3.3-70b-versatile", debate_id: "debate-1", length: 6 },
  ]);
  // The judge reads the whole debate: every intervention.
  expect(judged[0]?.history.map((item) => `${item.speaker}${item.turn}`)).toEqual(["A0", "B1", "A2", "B3", "A4", "B5"]);
  expect(world.calls).toHaveLength(debateModelCalls("debate", 6));
  expect(state().status).toBe("finished");
  expect(
    state()
      .messages.slice(-2)
      .map((message) => message.card?.kind),
  ).toEqual(["judgement", "feedbackForm"]);
  const result = judgement(state());
  expect(result?.status).toBe("done");
  if (result?.status !== "done") return;
  const { scorecard } = result;
  expect(scorecard).toMatchObject({
    judge: "llama-3.3-70b-versatile",
    offline: false,
    verdict: "A",
    runs: ["A", "A"],
    agreement: "alta",
    judgeArgued: [],
  });
  for (const side of ["A", "B"] as const) {
    expect(Object.keys(scorecard.sides[side].criteria)).toEqual(["logica", "prove", "persuasivita", "replica"]);
  }
  expect(scorecard.sides.A.criteria.logica).toEqual({ score: 8, motivation: "logica del lato A." });
  expect(scorecard.sides.B.criteria.replica.score).toBe(6);
  // The quotes are the sides' own words, and checked as such.
  expect(scorecard.sides.A.strongest).toEqual({ text: "A0: difendo «Il treno». Che ne", found: true });
  expect(scorecard.sides.B.weakest).toEqual({ text: "B1: difendo", found: true });
});

test("a judge that favours whichever side it reads first disagrees with itself: the scores even out to 'Parità', agreement low", async () => {
  // Each run scores its 'Lato 1' higher: A in the first, B in the second.
  const { state } = await playDebate(
    judgedBy((call) => judgeAnswer(call, { winner: "first", scores: call.run === 1 ? { A: 8, B: 6 } : { A: 6, B: 8 } })),
  );
  const result = judgement(state());
  expect(result).toMatchObject({ status: "done", scorecard: { verdict: "tie", runs: ["A", "B"], agreement: "bassa" } });
});

test("runs that agree on the verdict but not on the scores: agreement medium; scores are their mean", async () => {
  const { state } = await playDebate(judgedBy((call) => judgeAnswer(call, { scores: call.run === 1 ? { A: 9, B: 4 } : { A: 6, B: 5 } })));
  const result = judgement(state());
  expect(result).toMatchObject({ status: "done", scorecard: { verdict: "A", agreement: "media" } });
  if (result?.status === "done") expect(result.scorecard.sides.A.criteria.prove.score).toBe(7.5);
});

test("a quote the sides never said is marked as not found", async () => {
  const { state } = await playDebate(
    judgedBy((call) =>
      judgeAnswer(call).replaceAll("Argomento più forte: «A0: difendo «Il treno». Che ne»", "Argomento più forte: «Parole mai dette»"),
    ),
  );
  const result = judgement(state());
  if (result?.status !== "done") throw new Error("no scorecard");
  expect(result.scorecard.sides.A.strongest).toEqual({ text: "Parole mai dette", found: false });
});

test("an answer not in the format leaves an error card; the debate stays finished, the form in place, nothing else called", async () => {
  const { world, state } = await playDebate(judgedBy(() => "Secondo me ha vinto il primo."));
  expect(judgement(state())).toEqual({ status: "failed", message: "La risposta del giudice non è nel formato atteso." });
  expect(world.asked().filter((asked) => asked.kind === "judge")).toHaveLength(1);
  // The only notice is the one every auto debate ends with (issue 52 §5): no error beside the card.
  expect(state()).toMatchObject({ status: "finished", streaming: null, notice: { tone: "info" } });
  expect(state().messages.at(-1)?.card?.kind).toBe("feedbackForm");
  expect(state().messages.filter((message) => !message.card)).toHaveLength(6);
});

test("a run the server refuses (even with 429) fails the judge's card only: no quota card", async () => {
  const refusing: ModelScript = (call, index) =>
    call.request.kind === "judge" && call.request.run === 2
      ? (async function* () {
          yield* [];
          throw Object.assign(new Error("HTTP 429"), { serverMessage: "Il dibattito è concluso: avviane uno nuovo." });
        })()
      : inCharacter(call, index);
  const { state } = await playDebate(refusing);
  expect(judgement(state())).toEqual({ status: "failed", message: "❌ Errore: Il dibattito è concluso: avviane uno nuovo." });
  expect(state().messages.some((message) => message.card?.kind === "debatesExceeded")).toBe(false);
  expect(state().status).toBe("finished");
});

test("a challenge is judged too; the judge model arguing a side is said", async () => {
  const { world, state } = await playDebate(inCharacter, {
    mode: "challenge",
    models: { A: "llama-3.3-70b-versatile", B: "openai/gpt-oss-20b" },
  });
  expect(
    world
      .asked()
      .filter((asked) => asked.kind === "judge")
      .map((asked) => asked.mode),
  ).toEqual(["challenge", "challenge"]);
  expect(judgement(state())).toMatchObject({ status: "done", scorecard: { judgeArgued: ["A"] } });
});

test("STOP while the judge reads aborts it and clears the debate", async () => {
  const world = fakeWorld({ script: (call, index) => (call.request.kind === "judge" ? "controlled" : inCharacter(call, index)) });
  const session = createDebateSession(world.ports, { length: 6, auto: true });
  session.start({ theses: ["Il treno", "L'aereo"] });
  await world.settle();
  for (let turn = 1; turn < 6; turn += 1) {
    world.time.advance(3000);
    await world.settle();
  }
  expect(judgement(session.store.getState())).toEqual({ status: "pending", reports: [] });
  session.stop();
  await world.settle();
  expect(session.store.getState()).toMatchObject({ status: "idle", messages: [], streaming: null });
  world.controlled[0]?.push("ritardo");
  await world.settle();
  expect(session.store.getState().messages).toEqual([]);
});

test("the judge's prompt names no model and puts the run's first side as 'Lato 1'", () => {
  const facts = {
    debateId: "d-1",
    mode: "debate" as const,
    topic: "Treno contro aereo",
    options: { A: "Treno", B: "Aereo" },
    models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
    length: 6,
    provider: "cloud" as const,
    judge: "llama-3.3-70b-versatile" as const,
    history: [
      { speaker: "A" as const, turn: 0, content: `Sono ${OFFLINE_MODEL}: come Modello A, gpt-oss-120b sostiene il treno. E tu?` },
      { speaker: "B" as const, turn: 1, content: "Il Modello B (openai/gpt-oss-20b) preferisce l'aereo." },
    ],
  };
  const [first, second] = ([1, 2] as const).map((run) => debatePrompt(judgeCall(facts, run)));
  for (const prompt of [first, second]) {
    const text = prompt?.messages.map((message) => message.content).join("\n") ?? "";
    expect(prompt?.model).toBe("llama-3.3-70b-versatile");
    expect(text).not.toMatch(/gpt-oss|oystar-offline|Modello [AB]/i);
  }
  expect(first?.messages[0]?.content).toContain("- Lato 1 sostiene: Treno\n- Lato 2 sostiene: Aereo");
  expect(first?.messages[1]?.content).toContain("[Lato 1 · turno 1] Sono un modello: come Lato 1, un modello sostiene il treno. E tu?");
  expect(second?.messages[0]?.content).toContain("- Lato 1 sostiene: Aereo\n- Lato 2 sostiene: Treno");
  expect(second?.messages[1]?.content).toContain("[Lato 1 · turno 2] Il Lato 1 (un modello) preferisce l'aereo.");
});

test("'Replica' measured: a turn takes up the other side's closing question when it uses one of its words", () => {
  const history = [
    { speaker: "A" as const, turn: 0, content: "Il treno inquina meno. Quali prove concrete porti sui costi?" },
    { speaker: "B" as const, turn: 1, content: "I costi dell'aereo sono scesi del venti per cento. Hai dati sui ritardi?" },
    { speaker: "A" as const, turn: 2, content: "Il treno è comodo. Perché ignori il comfort?" },
    { speaker: "B" as const, turn: 3, content: "L'aereo è più rapido, punto." },
  ];
  expect(replyMeasure(history, { A: "Il treno", B: "L'aereo" })).toEqual({ A: { asked: 1, answered: 0 }, B: { asked: 2, answered: 1 } });
});

test("the offline judge's format: a side with no scored criterion still parses", () => {
  const blank: JudgedSide = {
    criteria: {
      logica: { score: null, motivation: "x" },
      prove: { score: null, motivation: "x" },
      persuasivita: { score: null, motivation: "x" },
      replica: { score: 4, motivation: "y" },
    },
    strongest: null,
    weakest: null,
  };
  expect(formatJudgeRun({ offlineNote: "", sides: { 1: blank, 2: blank }, verdict: "tie" })).toContain("## Giudice offline");
});

test("issue 36 §1: the offline judge names no winner — parsed as no verdict, no agreement, nothing for the leaderboard", () => {
  const measured: JudgedSide = {
    criteria: {
      logica: { score: null, motivation: "x" },
      prove: { score: null, motivation: "x" },
      persuasivita: { score: null, motivation: "x" },
      replica: { score: null, motivation: "Riprende la domanda in 2 turni su 3." },
    },
    strongest: null,
    weakest: null,
  };
  const text = formatJudgeRun({ offlineNote: "Modello dimostrativo offline.", sides: { 1: measured, 2: measured }, verdict: null });
  expect(text).toContain("## Verdetto\nNessun vincitore");
  expect(text).not.toMatch(/Vincitore: |Parità/);
  const report = parseJudgeRun(text);
  expect(report.verdict).toBeNull();
  expect(runVerdict(1, report)).toBeNull();
  const scorecard = scorecardOf([report, parseJudgeRun(text)], { judge: "x", models: { A: "a", B: "b" }, history: [] });
  expect(scorecard).toMatchObject({ offline: true, verdict: null, runs: [null, null], agreement: null });
  // Issue 52 §1: no score at all, the measure said in words.
  expect(scorecard.sides.A.criteria.replica).toEqual({ score: null, motivation: "Riprende la domanda in 2 turni su 3." });
  // Only the offline judge may name no winner: a model's answer without a winner is unreadable.
  expect(() => parseJudgeRun(text.replace(/## Giudice offline\n[^\n]*\n\n/, ""))).toThrow(JudgeFormatError);
});
