// A debate is one unit of quota (DESIGN.md §4): its model calls are counted on the debate itself,
// up to its most turns plus the synthesis' analysis, and cost no questions. Debate feedback is a
// form like the others (rating, comment, topic, time, PDF wanted; never the debate's text).
export const debateTurns = `
ALTER TABLE debates ADD COLUMN turns_used integer NOT NULL DEFAULT 0 CHECK (turns_used >= 0);

ALTER TABLE form_submissions DROP CONSTRAINT form_submissions_kind_check;
ALTER TABLE form_submissions ADD CONSTRAINT form_submissions_kind_check
  CHECK (kind IN ('contact', 'enterprise', 'index-request', 'debate-feedback'));
`;
