// A debate's model calls are bounded by the debate itself (issue 12 audit): its length and mode are
// fixed by the first call charged to it, and later calls must match them. Null until that call.
export const debateLength = `
ALTER TABLE debates ADD COLUMN length integer CHECK (length BETWEEN 6 AND 200);
ALTER TABLE debates ADD COLUMN mode text CHECK (mode IN ('debate', 'synthesis', 'challenge'));
`;
