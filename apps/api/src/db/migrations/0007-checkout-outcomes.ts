// A checkout can also end expired (the user paid another one) or paid but not applied because
// the account was already on that plan or a higher one: recorded for a refund (issue 10 §4).
export const checkoutOutcomes = `
ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_status_check;
ALTER TABLE checkout_sessions ADD CONSTRAINT checkout_sessions_status_check
  CHECK (status IN ('open', 'completed', 'expired', 'refund_due'));
CREATE INDEX checkout_sessions_user_open_idx ON checkout_sessions (user_id) WHERE status = 'open';
`;
