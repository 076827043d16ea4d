import { OFFLINE_MODEL, type DebateJudgeRun, type Intervention } from "@oystar/api-client";
import { JUDGE_CRITERIA, type CriterionScore, type JudgeCriterion, type JudgeRunReport, type LatoVerdict } from "./judge-format";
import { sideOfLato } from "./judge-request";
import { debateMessages } from "./messages";
import type { Speaker } from "./rules";

// issue 26 §1: the scorecard — the judge's two runs (the sides' order swapped) brought back to the
// sides A and B and put together. Scores are the mean of the two runs; a verdict the runs disagree
// on is 'Parità', with the low agreement shown.

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
  /** null: no verdict — the offline judge names no winner (issue 36 §1); nor agreement or runs then. */
  verdict: SideVerdict | null;
  /** Each run's verdict, as sides. */
  runs: readonly [SideVerdict | null, SideVerdict | null];
  agreement: JudgeAgreement | null;
  /** Sides argued by the judge model itself: the screen warns that it may not be impartial. */
  judgeArgued: Speaker[];
};

/** The scores within a point on average: the two runs read the debate alike. */
const CLOSE_SCORES = 1;

const asSide = (run: DebateJudgeRun, verdict: LatoVerdict | null): SideVerdict | null =>
  verdict === null ? null : verdict === "tie" ? "tie" : sideOfLato(run, verdict);
/** A run's verdict as a side (the server keeps it, by side, for the model leaderboard); null: none given. */
export const runVerdict = (run: DebateJudgeRun, report: JudgeRunReport): SideVerdict | null => asSide(run, report.verdict);
const sideOf = (run: DebateJudgeRun, report: JudgeRunReport, side: Speaker) => report.sides[sideOfLato(run, 1) === side ? 1 : 2];

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

const mean = (values: readonly number[]) => Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 2) / 2;

function combined(first: CriterionScore, second: CriterionScore): CriterionScore {
  const scores = [first.score, second.score].filter((score): score is number => score !== null);
  return { score: scores.length === 0 ? null : mean(scores), motivation: first.motivation || second.motivation };
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
  const verdicts = [asSide(1, runs[0].verdict), asSide(2, runs[1].verdict)] as const;
  const agree = verdicts[0] === verdicts[1];
  const offline = runs.some((run) => run.offlineNote !== null);
  // A run without a verdict (the offline judge): no winner, and no agreement to speak of.
  const unjudged = verdicts.some((verdict) => verdict === null);
  return {
    judge: offline ? OFFLINE_MODEL : debate.judge,
    offline,
    note: runs.find((run) => run.offlineNote)?.offlineNote ?? null,
    sides: { A: scored("A"), B: scored("B") },
    verdict: unjudged ? null : agree ? verdicts[0] : "tie",
    runs: verdicts,
    agreement: unjudged ? null : !agree ? "bassa" : scoreGap(runs) <= CLOSE_SCORES ? "alta" : "media",
    judgeArgued: offline ? [] : (["A", "B"] as const).filter((side) => debate.models[side] === debate.judge),
  };
}

/** A score as Italians write it: 7,5. */
export const scoreText = (score: number) => String(score).replace(".", ",");

/** 'Vince il Lato A', 'Parità' or, from the offline judge, 'Nessun vincitore'. */
export const verdictText = (verdict: SideVerdict | null) =>
  verdict === null ? debateMessages.judge.noWinner : verdict === "tie" ? debateMessages.judge.tie : debateMessages.judge.winner(verdict);
