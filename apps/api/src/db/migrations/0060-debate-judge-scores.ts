// Issue 52 §1: the judge's verdict follows from its scores by one rule (debate-engine
// judge-verdict.ts), on the two runs' scores combined — as the scorecard shows it. Each run's
// scores are kept on the debate until both are in: numbers per side and criterion, never text.
export const debateJudgeScores = `
ALTER TABLE debates ADD COLUMN judge_first_scores jsonb;
ALTER TABLE debates ADD COLUMN judge_second_scores jsonb;
`;
