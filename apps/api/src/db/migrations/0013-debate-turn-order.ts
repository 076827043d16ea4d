// A debate's calls come in the engine's order (issue 22): each call names its turn, which may
// repeat the last one ('Prossimo' after a stalled turn) but never go back. The analysis that
// closes a synthesis comes after every turn, at position `length`. Null until the first call.
export const debateTurnOrder = `
ALTER TABLE debates ADD COLUMN last_turn integer CHECK (last_turn BETWEEN 0 AND 200);
`;
