import { describe, expect, test } from "vitest";
import { combinedScores, meanScore, verdictOfScores, type SideScores } from "./judge-verdict";
import { scorecardOf, verdictExplanation } from "./scorecard";
import { formatJudgeRun, parseJudgeRun, type JudgedSide } from "./judge-format";

// Issue 52 §1: the verdict follows from the scores by one stated rule — criteria scored for both
// sides summed, a lead of at least a point wins, less is a tie, none counted is no verdict.

const side = (logica: number | null, prove: number | null, persuasivita: number | null, replica: number | null): SideScores => ({
  logica,
  prove,
  persuasivita,
  replica,
});

describe("the verdict's rule", () => {
  test("the side with the higher total wins", () => {
    expect(verdictOfScores({ A: side(8, 7, 8, 9), B: side(6, 6, 7, 5) })).toEqual({
      verdict: "A",
      counted: ["logica", "prove", "persuasivita", "replica"],
      totals: { A: 32, B: 24 },
    });
    expect(verdictOfScores({ A: side(5, 5, 5, 5), B: side(6, 6, 6, 6) }).verdict).toBe("B");
  });

  test("equal totals are a tie, and so is a lead under one point; one point exactly wins", () => {
    expect(verdictOfScores({ A: side(7, 7, 7, 7), B: side(7, 7, 7, 7) }).verdict).toBe("tie");
    // Different scores, same total.
    expect(verdictOfScores({ A: side(9, 5, 7, 7), B: side(7, 7, 7, 7) }).verdict).toBe("tie");
    expect(verdictOfScores({ A: side(7.5, 7, 7, 7), B: side(7, 7, 7, 7) }).verdict).toBe("tie");
    expect(verdictOfScores({ A: side(8, 7, 7, 7), B: side(7, 7, 7, 7) }).verdict).toBe("A");
    expect(verdictOfScores({ A: side(7, 7, 7, 6.5), B: side(7, 7, 7, 7.5) }).verdict).toBe("B");
  });

  test("a criterion not scored for one side counts for neither: 'Replica 9/10' against 'n.d.' cannot win alone", () => {
    const reckoning = verdictOfScores({ A: side(6, 6, 6, 9), B: side(6, 6, 6, null) });
    expect(reckoning).toEqual({ verdict: "tie", counted: ["logica", "prove", "persuasivita"], totals: { A: 18, B: 18 } });
    expect(verdictOfScores({ A: side(null, 9, null, 9), B: side(5, 4, 8, null) })).toEqual({
      verdict: "A",
      counted: ["prove"],
      totals: { A: 9, B: 4 },
    });
  });

  test("no criterion scored for both sides: no verdict at all", () => {
    expect(verdictOfScores({ A: side(null, null, null, null), B: side(null, null, null, null) }).verdict).toBeNull();
    expect(verdictOfScores({ A: side(9, null, null, null), B: side(null, 4, null, null) })).toEqual({
      verdict: null,
      counted: [],
      totals: { A: 0, B: 0 },
    });
  });

  test("two readings combine criterion by criterion, to the half point; one reading alone stands", () => {
    expect(meanScore(7, 8)).toBe(7.5);
    expect(meanScore(7, 8.5)).toBe(8);
    expect(meanScore(null, 6)).toBe(6);
    expect(meanScore(null, null)).toBeNull();
    expect(combinedScores({ A: side(9, 9, 9, 9), B: side(4, 4, 4, null) }, { A: side(5, 5, 5, 5), B: side(6, 6, 6, null) })).toEqual({
      A: side(7, 7, 7, 7),
      B: side(5, 5, 5, null),
    });
  });
});

const judged = (scores: SideScores): JudgedSide => ({
  criteria: {
    logica: { score: scores.logica, motivation: "m" },
    prove: { score: scores.prove, motivation: "m" },
    persuasivita: { score: scores.persuasivita, motivation: "m" },
    replica: { score: scores.replica, motivation: "m" },
  },
  strongest: null,
  weakest: null,
});

describe("the scorecard decides by the rule, whatever verdict line the judge wrote", () => {
  test("a judge that writes 'Lato 2' beside scores that favour Lato 1: the scores win, and the card says the rule and the totals", () => {
    // Run 1 reads A as Lato 1, run 2 reads B as Lato 1.
    const first = parseJudgeRun(
      formatJudgeRun({ offlineNote: null, sides: { 1: judged(side(8, 8, 8, 8)), 2: judged(side(6, 6, 6, 6)) }, verdict: 2 }),
    );
    const second = parseJudgeRun(
      formatJudgeRun({ offlineNote: null, sides: { 1: judged(side(6, 6, 6, 6)), 2: judged(side(8, 8, 8, 8)) }, verdict: 1 }),
    );
    const scorecard = scorecardOf([first, second], { judge: "j", models: { A: "a", B: "b" }, history: [] });
    expect(scorecard).toMatchObject({ verdict: "A", runs: ["A", "A"], agreement: "alta" });
    expect(verdictExplanation(scorecard)).toEqual([
      "Regola: si sommano i voti dei criteri valutati per entrambi i lati (Logica, Prove, Persuasività, Replica); vince il lato con il totale più alto di almeno 1 punto, con uno scarto minore è Parità.",
      "Totale: Lato A 32/40, Lato B 24/40.",
    ]);
  });

  test("a criterion left out is named; a tie says its totals", () => {
    const run = (a: SideScores, b: SideScores) =>
      parseJudgeRun(formatJudgeRun({ offlineNote: null, sides: { 1: judged(a), 2: judged(b) }, verdict: "tie" }));
    const scorecard = scorecardOf([run(side(7, 7, 7, 9), side(7, 7, 7, null)), run(side(7, 7, 7, null), side(7, 7, 7, 9))], {
      judge: "j",
      models: { A: "a", B: "b" },
      history: [],
    });
    expect(scorecard.verdict).toBe("tie");
    expect(verdictExplanation(scorecard).slice(1)).toEqual([
      "Totale: Lato A 21/30, Lato B 21/30.",
      "Non contati perché senza voto per uno dei lati: Replica.",
    ]);
  });
});
