// Checkout sessions and the payment provider's events. The plan changes only when a verified
// event is recorded, in the same transaction; an event id is recorded once.
export const billing = `
CREATE TABLE checkout_sessions (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  url text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE billing_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  created_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- The newest provider event applied to the account: older ones arriving late change nothing.
ALTER TABLE users ADD COLUMN billing_event_at timestamptz;
`;
