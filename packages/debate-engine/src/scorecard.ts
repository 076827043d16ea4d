import { OFFLINE_MODEL, type DebateJudgeRun, type Intervention } from "@oystar/api-client";
import {
  CRITERION_LABELS,
  JUDGE_CRITERIA,
  SCORE_RANGE,
  type CriterionScore,
  type JudgeCriterion,
  type JudgeRunReport,
} from "./judge-format";
import { sideOfLato } from "./judge-request";
import {
  combinedScores,
  meanScore,
  scoresOf,
  VERDICT_MARGIN,
  verdictOfScores,
  type SideScores,
  type VerdictReckoning,
} from "./judge-verdict";
import { debateMessages } from "./messages";
import type { Speaker } from "./rules";

// issue 26 §1: the scorecard — the judge's two runs (the sides' order swapped) brought back to the
// sides A and B and put together. Scores are the mean of the two runs. Issue 52 §1: the verdict
// follows from those scores by the stated rule (judge-verdict.ts), each run's reading by the same
// rule on its own scores; the runs disagreeing is shown as low agreement.

export type SideVerdict = Speaker | "tie";

/** A quoted argument, and whether it is really in that side's interventions (checked here). */
export type JudgedQuote = { text: string; found: boolean };

export type ScoredSide = {
  criteria: Record<JudgeCriterion, CriterionScore>;
  strongest: JudgedQuote | null;
  weakest: JudgedQuote | null;
};

/** alta: same verdict, scores within a point; media: same verdict, scores further apart; bassa: verdicts differ. */
export type JudgeAgreement = "alta" | "media" | "bassa";

export type Scorecard = {
  /** The model that judged, or the offline model. */
  judge: string;
  /** No model was connected: only what can be measured was scored. */
  offline: boolean;
  /** What the offline judge says of itself. */
  note: string | null;
  sides: Record<Speaker, ScoredSide>;
  /** By the rule from the scores shown; null: no criterion scored for both sides (the offline judge scores none). */
  verdict: SideVerdict | null;
  /** Each run's verdict by the same rule on that run's own scores, as sides. */
  runs: readonly [SideVerdict | null, SideVerdict | null];
  agreement: JudgeAgreement | null;
  /** Sides argued by the judge model itself: the screen warns that it may not be impartial. */
  judgeArgued: Speaker[];
};

/** The scores within a point on average: the two runs read the debate alike. */
const CLOSE_SCORES = 1;

const sideOf = (run: DebateJudgeRun, report: JudgeRunReport, side: Speaker) => report.sides[sideOfLato(run, 1) === side ? 1 : 2];

/** A run's scores brought back to the sides A and B. */
export const runScores = (run: DebateJudgeRun, report: JudgeRunReport): Record<Speaker, SideScores> => ({
  A: scoresOf(sideOf(run, report, "A").criteria),
  B: scoresOf(sideOf(run, report, "B").criteria),
});

/** A run's verdict as a side, by the rule on its own scores (issue 52 §1); null: it scored no criterion for both sides. */
export const runVerdict = (run: DebateJudgeRun, report: JudgeRunReport): SideVerdict | null =>
  verdictOfScores(runScores(run, report)).verdict;

/** The verdict a scorecard's scores give, with what counted: the card and its PDF say it under the verdict. */
export const scorecardReckoning = (scorecard: Pick<Scorecard, "sides">): VerdictReckoning =>
  verdictOfScores({ A: scoresOf(scorecard.sides.A.criteria), B: scoresOf(scorecard.sides.B.criteria) });

/** Both runs' verdict by the rule on their combined scores: what the server's leaderboard counts, as the card shows it. */
export const debateVerdict = (runs: readonly [Record<Speaker, SideScores>, Record<Speaker, SideScores>]): SideVerdict | null =>
  verdictOfScores(combinedScores(runs[0], runs[1])).verdict;

/** Lower case, one space, no quotation marks or ellipses: how a quote is looked for. */
const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[«»"“”'‘’*]/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** A quote is found when each of its pieces (around a '…' or '...') is in the side's own words. */
function checkQuote(text: string | null, spoken: string): JudgedQuote | null {
  if (text === null) return null;
  const pieces = text
    .split(/…|\.\.\./)
    .map(normal)
    .map((piece) => piece.replace(/^[\s.,;:]+|[\s.,;:]+$/g, ""))
    .filter(Boolean);
  return { text, found: pieces.length > 0 && pieces.every((piece) => spoken.includes(piece)) };
}

function combined(first: CriterionScore, second: CriterionScore): CriterionScore {
  return { score: meanScore(first.score, second.score), motivation: first.motivation || second.motivation };
}

/** How far apart the two runs scored the same side on the same criterion, on average. */
function scoreGap(runs: readonly [JudgeRunReport, JudgeRunReport]): number {
  const gaps: number[] = [];
  for (const side of ["A", "B"] as const) {
    for (const criterion of JUDGE_CRITERIA) {
      const first = sideOf(1, runs[0], side).criteria[criterion].score;
      const second = sideOf(2, runs[1], side).criteria[criterion].score;
      if (first !== null && second !== null) gaps.push(Math.abs(first - second));
    }
  }
  return gaps.length === 0 ? 0 : gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
}

/**
 * The scorecard of two runs: run 1 read side A as 'Lato 1', run 2 read side B as 'Lato 1'.
 * Motivations and quotes are run 1's (run 2's where run 1 gave none); quotes are checked against
 * what each side said.
 */
export function scorecardOf(
  runs: readonly [JudgeRunReport, JudgeRunReport],
  debate: { judge: string; models: Record<Speaker, string>; history: readonly Intervention[] },
): Scorecard {
  const spoken = (side: Speaker) =>
    normal(
      debate.history
        .filter((item) => item.speaker === side)
        .map((item) => item.content)
        .join(" "),
    );
  const scored = (side: Speaker): ScoredSide => {
    const first = sideOf(1, runs[0], side);
    const second = sideOf(2, runs[1], side);
    const criteria = Object.fromEntries(
      JUDGE_CRITERIA.map((criterion) => [criterion, combined(first.criteria[criterion], second.criteria[criterion])]),
    );
    return {
      criteria: criteria as Record<JudgeCriterion, CriterionScore>,
      strongest: checkQuote(first.strongest ?? second.strongest, spoken(side)),
      weakest: checkQuote(first.weakest ?? second.weakest, spoken(side)),
    };
  };
  const sides = { A: scored("A"), B: scored("B") };
  const verdicts = [runVerdict(1, runs[0]), runVerdict(2, runs[1])] as const;
  const verdict = scorecardReckoning({ sides }).verdict;
  const offline = runs.some((run) => run.offlineNote !== null);
  // A run that gave no verdict (no criterion scored for both sides): no agreement to speak of.
  const unjudged = verdict === null || verdicts.some((run) => run === null);
  return {
    judge: offline ? OFFLINE_MODEL : debate.judge,
    offline,
    note: runs.find((run) => run.offlineNote)?.offlineNote ?? null,
    sides,
    verdict,
    runs: verdicts,
    agreement: unjudged ? null : verdicts[0] !== verdicts[1] ? "bassa" : scoreGap(runs) <= CLOSE_SCORES ? "alta" : "media",
    judgeArgued: offline ? [] : (["A", "B"] as const).filter((side) => debate.models[side] === debate.judge),
  };
}

/** A score as Italians write it: 7,5. */
export const scoreText = (score: number) => String(score).replace(".", ",");

/** 'Vince il Lato A', 'Parità' or, with no criterion scored for both sides, 'Nessun vincitore'. */
export const verdictText = (verdict: SideVerdict | null) =>
  verdict === null ? debateMessages.judge.noWinner : verdict === "tie" ? debateMessages.judge.tie : debateMessages.judge.winner(verdict);

/**
 * Issue 52 §1: what is said under the verdict — the rule it follows from, the totals it compared
 * and the criteria left out; or that no criterion could count.
 */
export function verdictExplanation(scorecard: Pick<Scorecard, "sides">): string[] {
  const words = debateMessages.judge;
  const { counted, totals } = scorecardReckoning(scorecard);
  if (counted.length === 0) return [words.noCriterion];
  const names = (criteria: readonly JudgeCriterion[]) => criteria.map((criterion) => CRITERION_LABELS[criterion]).join(", ");
  const leftOut = JUDGE_CRITERIA.filter((criterion) => !counted.includes(criterion));
  return [
    words.rule(names(counted), words.points(VERDICT_MARGIN)),
    words.totals(scoreText(totals.A), scoreText(totals.B), counted.length * SCORE_RANGE.max),
    ...(leftOut.length > 0 ? [words.leftOut(names(leftOut))] : []),
  ];
}
