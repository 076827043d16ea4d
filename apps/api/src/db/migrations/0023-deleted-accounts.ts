// Issue 36 §8: a deleted account leaves no row that names it, yet the access tokens issued to it
// before its deletion must not register it again at their next call (registration is automatic,
// spec 000 §1). What is kept is a keyed hash of the identity provider's subject — unreadable
// without the server's key, never the subject, the email or the id — and the moment of deletion,
// until every token issued before it has expired (accounts/deleted-accounts.ts).
export const deletedAccounts = `
CREATE TABLE deleted_accounts (
  subject_key text PRIMARY KEY,
  deleted_at timestamptz NOT NULL,
  forget_after timestamptz NOT NULL
);
CREATE INDEX deleted_accounts_forget_idx ON deleted_accounts (forget_after);
`;
