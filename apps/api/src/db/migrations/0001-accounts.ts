// Accounts. Plain SQL: one dialect for PGlite and PostgreSQL, reviewed as the database will
// run it. (The built-in identity provider keeps its tables in its own migrations.)
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
`;
