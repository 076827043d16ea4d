import { JUDGE_CRITERIA, type CriterionScore, type JudgeCriterion } from "./judge-format";
import type { Speaker } from "./rules";

// Issue 52 §1: a verdict that adds up — it follows from the scores shown by one stated rule, never
// from a line the judge wrote beside them. The scorecard, its PDF, each run's reading and the
// model leaderboard on the server all decide by this function.
//
// The rule: only the criteria scored for BOTH sides count (a criterion 'n.d.' for either side is
// left out for both, so the totals compare like with like); each side's total is the sum of its
// counted scores; the side ahead by at least VERDICT_MARGIN points wins, a smaller gap is 'Parità';
// with no criterion counted there is no verdict at all.

/** A side's scores as the rule reads them: 1–10, or null where it was not scored ('n.d.'). */
export type SideScores = Record<JudgeCriterion, number | null>;

/** How far ahead a side's total must be to win: a point, as half-point scores can only just make. */
export const VERDICT_MARGIN = 1;

export type VerdictReckoning = {
  /** A side, 'tie', or null when no criterion was scored for both sides. */
  verdict: Speaker | "tie" | null;
  /** The criteria that counted, in the scorecard's order. */
  counted: JudgeCriterion[];
  /** Each side's sum over the counted criteria (0 when none counted). */
  totals: Record<Speaker, number>;
};

/** The scores of a side's criteria. */
export const scoresOf = (criteria: Record<JudgeCriterion, CriterionScore>): SideScores =>
  Object.fromEntries(JUDGE_CRITERIA.map((criterion) => [criterion, criteria[criterion].score])) as SideScores;

/** The verdict the scores give by the rule above. */
export function verdictOfScores(scores: Record<Speaker, SideScores>): VerdictReckoning {
  const counted = JUDGE_CRITERIA.filter((criterion) => scores.A[criterion] !== null && scores.B[criterion] !== null);
  const total = (side: Speaker) => counted.reduce((sum, criterion) => sum + (scores[side][criterion] ?? 0), 0);
  const totals = { A: total("A"), B: total("B") };
  if (counted.length === 0) return { verdict: null, counted, totals };
  const gap = totals.A - totals.B;
  const verdict = Math.abs(gap) < VERDICT_MARGIN ? "tie" : gap > 0 ? "A" : "B";
  return { verdict, counted, totals };
}

/** Two readings' scores of one criterion as the scorecard shows them: their mean to the half point; one alone stands; none is null. */
export function meanScore(first: number | null, second: number | null): number | null {
  const scores = [first, second].filter((score): score is number => score !== null);
  if (scores.length === 0) return null;
  return Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 2) / 2;
}

/** Both readings' scores brought together, criterion by criterion (the scorecard's columns). */
export function combinedScores(first: Record<Speaker, SideScores>, second: Record<Speaker, SideScores>): Record<Speaker, SideScores> {
  const side = (speaker: Speaker) =>
    Object.fromEntries(
      JUDGE_CRITERIA.map((criterion) => [criterion, meanScore(first[speaker][criterion], second[speaker][criterion])]),
    ) as SideScores;
  return { A: side("A"), B: side("B") };
}
