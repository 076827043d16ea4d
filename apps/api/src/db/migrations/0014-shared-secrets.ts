// DESIGN.md §3, §9: what every server of one deployment must share to accept each other's work —
// the built-in identity provider's signing key, the built-in checkout's webhook secret — is kept
// in the database, made once by whichever server starts first, not per process or per DATA_DIR.
// Only the built-in (development) services keep secrets here; production's come from the
// environment (Auth0, Stripe).
export const sharedSecrets = `
CREATE TABLE shared_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
