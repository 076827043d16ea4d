// Issue 35 §1: conversations live in the browser, encrypted with a key the server keeps for each
// account and hands only to that account signed in (DESIGN.md §7). The server holds the key, never
// the content: without the key what a browser keeps cannot be read, and deleting the account (or
// this row) leaves it unreadable everywhere.
export const accountDeviceKeys = `
CREATE TABLE account_device_keys (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  key bytea NOT NULL CHECK (octet_length(key) = 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
