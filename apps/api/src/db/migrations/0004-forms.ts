// Requests visitors send on purpose (contact, enterprise quote, indexing). Kept so none is lost
// if forwarding to the form-collection service fails.
export const forms = `
CREATE TABLE form_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('contact', 'enterprise', 'index-request')),
  subject text NOT NULL,
  fields jsonb NOT NULL,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  forwarded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX form_submissions_created_idx ON form_submissions (created_at);
`;
