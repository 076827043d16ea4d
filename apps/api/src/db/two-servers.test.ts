import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ACCOUNT_DELETION_CONFIRMATION, API_PATHS } from "@oystar/api-client";
import pg from "pg";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startApiProcess, type ApiProcess } from "../../test-support/api-process";
import { makeAppFolders, RAG_FIXTURES_DIR } from "../../test-support/fixtures";
import { startPostgres, type TestPostgres } from "../../test-support/postgres";
import { readAnswer } from "../../test-support/rag-helpers";
import { signInAs } from "../dev-idp/dev-sign-in";
import { DEV_CLIENT_ID } from "../dev-idp/dev-client";

// DESIGN.md §9 (issue 28 §2): any number of API servers may start at once on one PostgreSQL, and
// behind one public address they are one product — a token, a quota, a payment, a refresh token
// and an index are the same whichever server a request reaches. Two real processes, one real
// PostgreSQL, each server with its own DATA_DIR (nothing shared through files).

const PUBLIC_URL = "http://oystar.test";
let postgres: TestPostgres;
let database: pg.Pool;
let servers: [ApiProcess, ApiProcess];
const folders = makeAppFolders();
const dataDirs = [mkdtempSync(join(tmpdir(), "oystar-data-")), mkdtempSync(join(tmpdir(), "oystar-data-"))];

beforeAll(async () => {
  postgres = await startPostgres();
  const url = await postgres.createDatabase();
  database = new pg.Pool({ connectionString: url });
  // The cluster is stopped when the test ends: a connection still closing then hears PostgreSQL's
  // "terminating connection" — expected, not an error of the test.
  database.on("connect", (client) => client.on("error", () => {}));
  database.on("error", () => {});
  const common = {
    DATABASE_URL: url,
    PUBLIC_URL,
    MARKETING_DIST: folders.marketingDist,
    ASSISTANT_DIST: folders.assistantDist,
    RAG_DEMO_DIR: RAG_FIXTURES_DIR,
    OFFLINE_MODEL_CHARS_PER_SECOND: "1000000",
  };
  // Both at once on a database nobody has migrated or seeded yet.
  const [first, second] = await Promise.all(dataDirs.map((dataDir) => startApiProcess({ ...common, DATA_DIR: dataDir })));
  servers = [first!, second!];
}, 180_000);

afterAll(async () => {
  await Promise.all(servers?.map((server) => server.stop()) ?? []);
  await database?.end();
  await postgres?.stop();
  for (const folder of [folders.root, ...dataDirs]) rmSync(folder, { recursive: true, force: true });
});

const query = async <Row>(sql: string, params: unknown[] = []) => (await database.query(sql, params)).rows as Row[];
const signIn = (server: ApiProcess, email: string) => signInAs(PUBLIC_URL, email, { fetch: server.fetch });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test("both servers came up on the fresh database and agree on its state", async () => {
  for (const server of servers) expect((await server.fetch(`${PUBLIC_URL}/api/health`)).status).toBe(200);
  expect((await query<{ count: string }>("SELECT count(*) FROM idp_accounts WHERE email LIKE '%@oystar.test'"))[0]?.count).toBe("6");
  expect((await query<{ name: string }>("SELECT name FROM shared_secrets ORDER BY name")).map((row) => row.name)).toEqual([
    // issue 37 §4, §5: the key of the per-address limits' hashes and of the log's account hashes.
    "address-limit-key",
    // issue 36 §8: the key of the hashes that refuse a deleted account's old tokens.
    "deleted-account-key",
    "dev-idp-signing-key",
    "dev-webhook-secret",
    "log-account-key",
  ]);
});

test("a token issued through one server is accepted by the other", async () => {
  const { access_token } = await signIn(servers[0], "pro@oystar.test");
  const me = await servers[1].fetch(`${PUBLIC_URL}/api/me`, { headers: bearer(access_token) });
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ email: "pro@oystar.test" });
});

/**
 * Questions in flight at once: enough for both servers to race on the one quota, and fewer than
 * issue 55's admission control lets wait to begin on one process (32: past it a process refuses
 * the next with a 503, busy — sse-load's and overload-shedding.test's subject, not this test's).
 * All of them may be on one server at a time: a slower server keeps its callers longer.
 */
const IN_FLIGHT = 24;

/** Sends every request, `IN_FLIGHT` at a time, and answers their statuses in order. */
async function statusesOf(requests: Array<() => Promise<Response>>): Promise<number[]> {
  const statuses: number[] = new Array<number>(requests.length);
  let next = 0;
  const sender = async () => {
    while (next < requests.length) {
      const at = next++;
      statuses[at] = (await requests[at]!()).status;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
  return statuses;
}

test("1,000 questions, 24 at a time, split across both, at a limit of 300: exactly 300 answered", async () => {
  const { access_token } = await signIn(servers[0], "trecento@esempio.it");
  await servers[0].fetch(`${PUBLIC_URL}/api/me`, { headers: bearer(access_token) });
  await query("UPDATE users SET plan = 'base' WHERE email = 'trecento@esempio.it'");
  // On PostgreSQL every call reads the account (accounts.ts): the plan changed a moment ago counts.
  const question = JSON.stringify({ model: "openai/gpt-oss-120b", messages: [{ role: "user", content: "Ciao?" }], stream: false });
  const statuses = await statusesOf(
    Array.from(
      { length: 1000 },
      (_, index) => () =>
        servers[index % 2]!.fetch(`${PUBLIC_URL}/groq/chat/completions`, {
          method: "POST",
          headers: { ...bearer(access_token), "Content-Type": "application/json" },
          body: question,
        }),
    ),
  );
  expect(statuses.filter((status) => status === 200)).toHaveLength(300);
  expect(statuses.filter((status) => status === 429)).toHaveLength(700);
  expect(
    (
      await query<{ queries_used: number }>(
        "SELECT queries_used FROM usage u JOIN users ON users.id = u.user_id WHERE email = 'trecento@esempio.it'",
      )
    )[0]?.queries_used,
  ).toBe(300);
}, 120_000);

test("an account deleted through one server: its old token is refused by the other at once, though that server had just read the account", async () => {
  const { access_token } = await signIn(servers[0], "va-via@esempio.it");
  // The other server reads the account now (on PGlite it would remember it for a moment: accounts.ts).
  expect((await servers[1].fetch(`${PUBLIC_URL}${API_PATHS.me}`, { headers: bearer(access_token) })).status).toBe(200);
  const deleted = await servers[0].fetch(`${PUBLIC_URL}${API_PATHS.me}`, {
    method: "DELETE",
    headers: { ...bearer(access_token), "Content-Type": "application/json" },
    body: JSON.stringify({ confirmation: ACCOUNT_DELETION_CONFIRMATION }),
  });
  expect(deleted.status).toBe(200);
  const refused = await servers[1].fetch(`${PUBLIC_URL}${API_PATHS.myData}`, { headers: bearer(access_token) });
  expect(refused.status).toBe(401);
});

test("a payment's webhook delivered to both servers at once upgrades the plan once", async () => {
  const { access_token } = await signIn(servers[1], "pagamento@esempio.it");
  await servers[1].fetch(`${PUBLIC_URL}/api/me`, { headers: bearer(access_token) });
  const [user] = await query<{ id: string }>("SELECT id::text FROM users WHERE email = 'pagamento@esempio.it'");
  const [secret] = await query<{ value: string }>("SELECT value FROM shared_secrets WHERE name = 'dev-webhook-secret'");
  const payload = JSON.stringify({
    object: "event",
    id: "evt_due_server",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: { id: "cs_due_server", object: "checkout.session", metadata: { user_id: user?.id, plan: "pro" }, payment_status: "paid" },
    },
  });
  const deliver = (server: ApiProcess) =>
    server.fetch(`${PUBLIC_URL}/api/billing/webhook`, {
      method: "POST",
      headers: {
        "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: secret?.value ?? "" }),
        "Content-Type": "application/json",
      },
      body: payload,
    });
  const delivered = await Promise.all(servers.map(deliver));
  expect(delivered.map((answer) => answer.status)).toEqual([200, 200]);
  expect((await query<{ plan: string }>("SELECT plan FROM users WHERE id = $1", [user?.id]))[0]?.plan).toBe("pro");
  expect(await query("SELECT id FROM billing_events WHERE id = 'evt_due_server'")).toHaveLength(1);
});

test("a refresh token rotated on one server is refused on the other once the reuse grace is over", async () => {
  const { refresh_token } = await signIn(servers[0], "rotazione@esempio.it");
  const refresh = (server: ApiProcess, token: string) =>
    server.fetch(`${PUBLIC_URL}/idp/oauth/token`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "refresh_token", client_id: DEV_CLIENT_ID, refresh_token: token }),
    });
  const rotated = await refresh(servers[0], refresh_token ?? "");
  expect(rotated.status).toBe(200);
  // The grace (10 s) for tabs refreshing together, passed.
  await query("UPDATE idp_refresh_tokens SET used_at = now() - interval '1 minute' WHERE used_at IS NOT NULL");
  const reused = await refresh(servers[1], refresh_token ?? "");
  expect(reused.status).toBe(403);
  expect(await reused.json()).toMatchObject({ error: "invalid_grant" });
});

test("the index one server built is answered by the other", async () => {
  // The demo index is built once, by whichever server started first.
  expect(await query("SELECT id FROM rag_indexes WHERE name = 'gardenroute-demo'")).toHaveLength(1);
  const { access_token } = await signIn(servers[0], "business@oystar.test");
  for (const server of servers) {
    const answer = await readAnswer(
      await server.fetch(`${PUBLIC_URL}/api/ask-stream`, {
        method: "POST",
        headers: { ...bearer(access_token), "Content-Type": "application/json" },
        body: JSON.stringify({ question: "Per chi fu costruita Villa Aurora?" }),
      }),
    );
    expect(answer.error).toBeNull();
    expect(answer.sources.flat().length).toBeGreaterThan(0);
  }
});
