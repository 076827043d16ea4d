// Accounts and the built-in identity provider's state. Plain SQL: one dialect for PGlite and
// PostgreSQL, reviewed as the database will run it.
export const accounts = `
-- pgvector where the server has it (PGlite always does); a PostgreSQL without it still runs the
-- product, with RAG on full-text alone (DESIGN.md §7).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    CREATE EXTENSION IF NOT EXISTS vector;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pgvector is available but this role may not create it: RAG runs on full-text alone';
END $$;

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sub text NOT NULL UNIQUE,
  email text,
  name text,
  picture text,
  plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'base', 'pro', 'business', 'enterprise')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_email_idx ON users (lower(email));

-- Built-in identity provider (AUTH_MODE=dev): its accounts, browser sessions, one-time codes
-- and rotating refresh tokens. Only hashes of secrets are stored.
CREATE TABLE idp_accounts (
  sub text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL,
  plan text NOT NULL DEFAULT 'free',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idp_sessions (
  id_hash text PRIMARY KEY,
  sub text NOT NULL REFERENCES idp_accounts (sub) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE TABLE idp_codes (
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

CREATE TABLE idp_refresh_tokens (
  token_hash text PRIMARY KEY,
  family text NOT NULL,
  sub text NOT NULL REFERENCES idp_accounts (sub) ON DELETE CASCADE,
  client_id text NOT NULL,
  scope text NOT NULL,
  audience text NOT NULL,
  used_at timestamptz,
  expires_at timestamptz NOT NULL
);
CREATE INDEX idp_refresh_tokens_family_idx ON idp_refresh_tokens (family);
`;
