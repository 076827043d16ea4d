import { API_PATHS, deviceKeySchema } from "@oystar/api-client";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";

// Issue 35 §1: the key each account's conversations are encrypted with in the browser. The server
// keeps it and hands it only to that account signed in.

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const keyOf = (token: string | null) =>
  fetch(`${server.url}${API_PATHS.deviceKey}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

test("each account gets its own key, the same every time, 32 random bytes never cached", async () => {
  const { access_token: first } = await signInAs(server.url, "pro@oystar.test");
  const { access_token: other } = await signInAs(server.url, "business@oystar.test");
  // Two first requests at once (two tabs): one key.
  const [a, b] = await Promise.all([keyOf(first), keyOf(first)]);
  expect(a.status).toBe(200);
  expect(a.headers.get("cache-control")).toBe("no-store");
  const key = deviceKeySchema.parse(await a.json()).key;
  expect(deviceKeySchema.parse(await b.json()).key).toBe(key);
  expect(Buffer.from(key, "base64url")).toHaveLength(32);
  // Signed in again later: the same key, so what the browser kept can still be read.
  const { access_token: again } = await signInAs(server.url, "pro@oystar.test");
  expect(deviceKeySchema.parse(await (await keyOf(again)).json()).key).toBe(key);
  expect(deviceKeySchema.parse(await (await keyOf(other)).json()).key).not.toBe(key);
});

test("signed out, or with a forged token, there is no key", async () => {
  expect((await keyOf(null)).status).toBe(401);
  expect((await keyOf("forged.token.value")).status).toBe(401);
});

test("the key goes with its account", async () => {
  const { access_token } = await signInAs(server.url, "leaving@oystar.test");
  expect((await keyOf(access_token)).status).toBe(200);
  await server.db.query("DELETE FROM users WHERE email = $1", ["leaving@oystar.test"]);
  const [left] = await server.db.query<{ count: number }>(
    "SELECT count(*)::int AS count FROM account_device_keys k WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = k.user_id)",
  );
  expect(left?.count).toBe(0);
});
