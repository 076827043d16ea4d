// Accounts. Plain SQL: one dialect for PGlite and PostgreSQL, reviewed as the database will
// run it. (The built-in identity provider keeps its tables in its own migrations.)
export const accounts = `
CREATE EXTENSION IF NOT EXISTS vector;

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
