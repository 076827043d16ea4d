// Monthly usage per user (calendar months in UTC) and the debates they started. Counters move
// only through single conditional statements, so concurrent requests cannot pass a limit.
export const usage = `
CREATE TABLE usage (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month date NOT NULL,
  queries_used integer NOT NULL DEFAULT 0 CHECK (queries_used >= 0),
  debates_used integer NOT NULL DEFAULT 0 CHECK (debates_used >= 0),
  PRIMARY KEY (user_id, month)
);

CREATE TABLE debates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX debates_user_idx ON debates (user_id, created_at);
`;
