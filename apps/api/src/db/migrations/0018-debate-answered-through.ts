// Issue 33 §2: a debate is played in order. `answered_through` is the furthest position of the
// debate (a turn's number; `length` for the analysis or the judge's first run, `length + 1` for its
// second) up to which the model answered every call — counted when the model's first bytes reach
// the server, never for a call given back because the model failed. A call may go one position past
// it, never more; the judge and the vote need every turn answered. Positions only, no text.
// Debates from before: their last call stands for all the earlier ones only where the debate paid
// for at least one call per position (a debate that jumped to its last turn did not).
export const debateAnsweredThrough = `
ALTER TABLE debates ADD COLUMN answered_through integer CHECK (answered_through BETWEEN 0 AND 201);
UPDATE debates SET answered_through = last_turn WHERE last_turn IS NOT NULL AND turns_used > last_turn;
`;
