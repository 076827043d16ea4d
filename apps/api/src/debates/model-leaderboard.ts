import type { DebateJudgeCall, DebateVote, ModelLeaderboard } from "@oystar/api-client";
import {
  debateVerdict,
  parseJudgeRun,
  runScores,
  runVerdict,
  type SideScores,
  type SideVerdict,
  type Speaker,
} from "@oystar/debate-engine/protocol";
import type { User } from "../accounts/accounts";
import type { Database, Queryable } from "../db/database";
import { debateChargeMessages } from "./messages";

// issue 26 §3: the admin's model leaderboard — an Elo rating per model, moved by the judge's
// verdict on each debate (once both runs are in) and by each user's answer to 'Chi ti ha convinto
// di più?' (once per debate). Only the two models' names and the outcome are used; debates the
// offline model argued count apart, so they never pass for a real model's results.

/** Elo (1960): every model starts at 1000; one outcome moves a rating by at most K points. */
const START_RATING = 1000;
const K = 32;

type Source = "judge" | "vote";
type Outcome = SideVerdict;

/** Side A's expected score against side B, from their ratings. */
const expectedScore = (a: number, b: number) => 1 / (1 + 10 ** ((b - a) / 400));

/**
 * One outcome between the debate's two models: both ratings move, and the source's counts. A
 * model against itself tells nothing and moves nothing.
 */
async function applyOutcome(tx: Queryable, models: { a: string; b: string; offline: boolean }, outcome: Outcome, source: Source) {
  if (models.a === models.b) return;
  await tx.query(`INSERT INTO model_ratings (model, offline) VALUES ($1, $3), ($2, $3) ON CONFLICT DO NOTHING`, [
    models.a,
    models.b,
    models.offline,
  ]);
  const rows = await tx.query<{ model: string; rating: number }>(
    "SELECT model, rating FROM model_ratings WHERE offline = $3 AND model IN ($1, $2) ORDER BY model FOR UPDATE",
    [models.a, models.b, models.offline],
  );
  const rating = (model: string) => rows.find((row) => row.model === model)?.rating ?? START_RATING;
  const [ratingA, ratingB] = [rating(models.a), rating(models.b)];
  const scoreA = outcome === "A" ? 1 : outcome === "B" ? 0 : 0.5;
  const change = K * (scoreA - expectedScore(ratingA, ratingB));
  const count = (score: number) => `${source}_${score === 1 ? "wins" : score === 0 ? "losses" : "draws"}`;
  for (const [model, next, score] of [
    [models.a, ratingA + change, scoreA],
    [models.b, ratingB - change, 1 - scoreA],
  ] as const) {
    await tx.query(
      `UPDATE model_ratings SET rating = $3, ${count(score)} = ${count(score)} + 1, updated_at = now() WHERE model = $1 AND offline = $2`,
      [model, models.offline, next],
    );
  }
}

/**
 * One judge run answered: its scores (as sides) are kept on the debate; once both runs are in, the
 * debate's verdict — by the rule on their scores combined, as the scorecard shows it (issue 52 §1)
 * — moves the leaderboard, once. An answer that cannot be read records nothing (the screen shows
 * its error card), nor one that scores no criterion for both sides (the offline judge: no winner).
 */
export async function recordJudgeRun(db: Database, call: DebateJudgeCall, text: string): Promise<void> {
  let scores: Record<Speaker, SideScores>;
  let verdict: SideVerdict | null;
  try {
    const report = parseJudgeRun(text);
    scores = runScores(call.run, report);
    verdict = runVerdict(call.run, report);
  } catch {
    return;
  }
  // issue 36 §1: the offline judge scores nothing and names no winner — nothing to count.
  if (verdict === null) return;
  const [verdictColumn, scoresColumn] = call.run === 1 ? ["judge_first", "judge_first_scores"] : ["judge_second", "judge_second_scores"];
  await db.transaction(async (tx) => {
    const [debate] = await tx.query<{
      judge_first_scores: Record<Speaker, SideScores> | null;
      judge_second_scores: Record<Speaker, SideScores> | null;
      model_a: string;
      model_b: string;
      offline: boolean;
    }>(
      `UPDATE debates SET ${verdictColumn} = $2, ${scoresColumn} = $3 WHERE id = $1 AND NOT judge_counted AND model_a IS NOT NULL
       RETURNING judge_first_scores, judge_second_scores, model_a, model_b, offline`,
      [call.debate_id, verdict, JSON.stringify(scores)],
    );
    if (!debate?.judge_first_scores || !debate.judge_second_scores) return;
    await tx.query("UPDATE debates SET judge_counted = true WHERE id = $1", [call.debate_id]);
    const outcome = debateVerdict([debate.judge_first_scores, debate.judge_second_scores]);
    if (outcome !== null) await applyOutcome(tx, { a: debate.model_a, b: debate.model_b, offline: debate.offline }, outcome, "judge");
  });
}

/** A debate call the offline model answered: its results count apart. */
export async function markOffline(db: Queryable, debateId: string) {
  await db.query("UPDATE debates SET offline = true WHERE id = $1 AND NOT offline", [debateId]);
}

export type VoteRefusal = { status: 403 | 409; error: string };

/**
 * The user's answer to 'Chi ti ha convinto di più?' for a debate of theirs played to its end —
 * every turn answered by the model (issue 33 §2: `answered_through`, not merely asked): counted
 * once, for that debate's two models. Null when counted, the refusal otherwise.
 */
export async function recordVote(db: Database, user: Pick<User, "id">, debateId: string, vote: DebateVote): Promise<VoteRefusal | null> {
  return db.transaction(async (tx) => {
    const [debate] = await tx.query<{ model_a: string; model_b: string; offline: boolean }>(
      `UPDATE debates SET user_vote = $3 WHERE id = $1 AND user_id = $2 AND user_vote IS NULL AND model_a IS NOT NULL AND answered_through >= length - 1
       RETURNING model_a, model_b, offline`,
      [debateId, user.id, vote],
    );
    if (debate) {
      await applyOutcome(tx, { a: debate.model_a, b: debate.model_b, offline: debate.offline }, vote, "vote");
      return null;
    }
    const [found] = await tx.query<{ own: boolean; voted: boolean }>(
      "SELECT user_id = $2 AS own, user_vote IS NOT NULL AS voted FROM debates WHERE id = $1",
      [debateId, user.id],
    );
    if (!found?.own) return { status: 403, error: debateChargeMessages.unknown };
    return { status: 409, error: found.voted ? debateChargeMessages.voteTwice : debateChargeMessages.voteTooEarly };
  });
}

/** GET /api/admin/model-leaderboard: best rating first, real models before the offline model's debates. */
export async function modelLeaderboard(db: Queryable): Promise<ModelLeaderboard> {
  const rows = await db.query<{
    model: string;
    offline: boolean;
    rating: number;
    judge_wins: number;
    judge_draws: number;
    judge_losses: number;
    vote_wins: number;
    vote_draws: number;
    vote_losses: number;
  }>("SELECT * FROM model_ratings ORDER BY offline, rating DESC, model");
  return {
    models: rows.map((row) => ({
      model: row.model,
      offline: row.offline,
      rating: Math.round(row.rating),
      judge: { wins: row.judge_wins, draws: row.judge_draws, losses: row.judge_losses },
      votes: { wins: row.vote_wins, draws: row.vote_draws, losses: row.vote_losses },
    })),
  };
}
