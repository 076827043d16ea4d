// The global settings of spec 001 §9: one row, written by the admin, read by every user's
// modules. Stored as given (already validated); readers merge it over the defaults, so a key
// added later simply takes its default until the admin saves again.
export const settings = `
CREATE TABLE global_settings (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES users (id) ON DELETE SET NULL
);
`;
