// issue 37 §4: how many times one address has done a public action (a public form, a sign-in to
// the built-in provider, a web-vitals report) in the current minute, counted in the database so
// that the limit holds once across every server on it — in each process's memory, N servers
// behind a balancer allowed N times the limit. The address itself is never stored: the key is a
// keyed hash of it (web/address-limit.ts), and a window is deleted soon after it ends.
export const addressWindows = `
CREATE TABLE address_action_windows (
  address_key text NOT NULL,
  action text NOT NULL,
  window_start timestamptz NOT NULL,
  attempts integer NOT NULL CHECK (attempts >= 1),
  PRIMARY KEY (address_key, action)
);
CREATE INDEX address_action_windows_start_idx ON address_action_windows (window_start);
`;
