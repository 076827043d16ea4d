// issue 26 §1, §3: the judge's two runs come after a debate's turns, at positions `length` and
// `length + 1` (so last_turn may reach 201); a debate keeps the names of its two models (fixed by
// its first call), whether the offline model answered it, each judge run's verdict and the user's
// vote — sides and names only, never the debate's text. model_ratings is the admin's
// leaderboard: an Elo rating and outcome counts per model, apart for debates the offline model argued.
export const debateJudgeLeaderboard = `
ALTER TABLE debates DROP CONSTRAINT IF EXISTS debates_last_turn_check;
ALTER TABLE debates ADD CONSTRAINT debates_last_turn_check CHECK (last_turn BETWEEN 0 AND 201);
ALTER TABLE debates ADD COLUMN model_a text;
ALTER TABLE debates ADD COLUMN model_b text;
ALTER TABLE debates ADD COLUMN offline boolean NOT NULL DEFAULT false;
ALTER TABLE debates ADD COLUMN judge_first text CHECK (judge_first IN ('A', 'B', 'tie'));
ALTER TABLE debates ADD COLUMN judge_second text CHECK (judge_second IN ('A', 'B', 'tie'));
ALTER TABLE debates ADD COLUMN judge_counted boolean NOT NULL DEFAULT false;
ALTER TABLE debates ADD COLUMN user_vote text CHECK (user_vote IN ('A', 'B', 'tie'));

CREATE TABLE model_ratings (
  model text NOT NULL,
  offline boolean NOT NULL,
  rating double precision NOT NULL DEFAULT 1000,
  judge_wins integer NOT NULL DEFAULT 0,
  judge_draws integer NOT NULL DEFAULT 0,
  judge_losses integer NOT NULL DEFAULT 0,
  vote_wins integer NOT NULL DEFAULT 0,
  vote_draws integer NOT NULL DEFAULT 0,
  vote_losses integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (model, offline)
);
`;
