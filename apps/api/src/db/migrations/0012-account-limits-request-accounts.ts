// issue 22, items 4 and 9:
//  - how many times an account has done an action (sent a form) in the current window, counted
//    in the database so the limit holds across every server on it (web/account-limit.ts);
//  - the account that sent an indexing request, as it was at the time: its email and whether
//    the identity provider had verified it (the form's own email is only what was typed); the
//    admin's list shows it beside the account's plan. Earlier requests take the account's email
//    as it is now, unverified: nobody checked it then;
//  - the admin's list of indexing requests, page by page (oldest first), and the count of an
//    account's requests still waiting;
//  - an index left empty by a request whose downloads all failed counted toward the plan's
//    limit (Business 3): the ones older than an hour go (a younger one may be being filled).
export const accountLimitsRequestAccounts = `
CREATE TABLE account_action_windows (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action text NOT NULL,
  window_start timestamptz NOT NULL,
  attempts integer NOT NULL CHECK (attempts >= 1),
  PRIMARY KEY (user_id, action)
);

ALTER TABLE form_submissions ADD COLUMN account_email text;
ALTER TABLE form_submissions ADD COLUMN account_email_verified boolean NOT NULL DEFAULT false;
UPDATE form_submissions f SET account_email = u.email FROM users u WHERE u.id = f.user_id;

CREATE INDEX form_submissions_index_requests_idx ON form_submissions (created_at, id) WHERE kind = 'index-request';
CREATE INDEX form_submissions_user_kind_idx ON form_submissions (user_id, kind);

DELETE FROM rag_indexes i
WHERE i.owner_id IS NOT NULL AND i.created_at < now() - interval '1 hour'
  AND NOT EXISTS (SELECT 1 FROM rag_documents d WHERE d.index_id = i.id);
`;
