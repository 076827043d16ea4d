// Issue 51: the running subscription as the payment provider's events describe it, and its
// invoices. Only what 'Il mio account' shows: never a card number, only its last four digits.
// The dev_provider_* tables are the built-in checkout's own books, playing the provider's side
// (what Stripe keeps at Stripe); the server reads the account's state only from the events.
export const subscriptions = `
CREATE TABLE subscriptions (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  provider_subscription_id text NOT NULL,
  provider_customer_id text,
  plan text NOT NULL,
  status text NOT NULL,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  scheduled_plan text,
  card_last4 text,
  payment_failed boolean NOT NULL DEFAULT false,
  event_at timestamptz NOT NULL
);
CREATE INDEX subscriptions_customer_idx ON subscriptions (provider_customer_id);

CREATE TABLE invoices (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  total_cents integer NOT NULL,
  tax_cents integer NOT NULL,
  status text NOT NULL,
  pdf_url text
);
CREATE INDEX invoices_user_idx ON invoices (user_id, created_at DESC);

CREATE TABLE dev_provider_subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan text NOT NULL,
  status text NOT NULL DEFAULT 'active',
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  scheduled_plan text,
  card_last4 text NOT NULL,
  -- The capability of the card page 'Aggiorna il metodo di pagamento' opens, while it is open.
  card_update_token text UNIQUE
);
CREATE INDEX dev_provider_subscriptions_user_idx ON dev_provider_subscriptions (user_id);

CREATE TABLE dev_provider_invoices (
  id text PRIMARY KEY,
  subscription_id text NOT NULL REFERENCES dev_provider_subscriptions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  description text NOT NULL,
  total_cents integer NOT NULL,
  tax_cents integer NOT NULL,
  status text NOT NULL
);
`;
