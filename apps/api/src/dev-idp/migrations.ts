import type { Migration } from "../db/migrate";

// The built-in identity provider's own tables (AUTH_MODE=dev only): a server on a real Auth0
// tenant never creates them. "IF NOT EXISTS": databases made before this split already have them.
export const devIdpMigrations: readonly Migration[] = [
  {
    id: "dev-idp-0001-accounts",
    sql: `
-- Built-in identity provider (AUTH_MODE=dev): its accounts, browser sessions, one-time codes
-- and rotating refresh tokens. Only hashes of secrets are stored.
CREATE TABLE IF NOT EXISTS idp_accounts (
  sub text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  plan text NOT NULL DEFAULT 'free',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS idp_sessions (
  id_hash text PRIMARY KEY,
  sub text NOT NULL REFERENCES idp_accounts (sub) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS idp_codes (
  code_hash text PRIMARY KEY,
  sub text NOT NULL REFERENCES idp_accounts (sub) ON DELETE CASCADE,
  client_id text NOT NULL,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  nonce text,
  scope text NOT NULL,
  audience text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS idp_refresh_tokens (
  token_hash text PRIMARY KEY,
  family text NOT NULL,
  sub text NOT NULL REFERENCES idp_accounts (sub) ON DELETE CASCADE,
  client_id text NOT NULL,
  scope text NOT NULL,
  audience text NOT NULL,
  used_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS idp_refresh_tokens_family_idx ON idp_refresh_tokens (family);
`,
  },
];
