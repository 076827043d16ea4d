import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loadEnv } from "../env";
import { startServer, type RunningServer } from "../server";
import { makeAppFolders } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";
import { temporaryFolder } from "../../test-support/temporary-folders";

// DATABASE_URL: the server talks the PostgreSQL wire protocol through `pg`, here to a Postgres
// (PGlite behind pglite-socket) on loopback — the same code path as a production server.
let postgres: PGlite;
let socket: PGLiteSocketServer;
let server: RunningServer;

beforeAll(async () => {
  postgres = await PGlite.create({ extensions: { vector } });
  // A pool opens several connections (one holds the start-up lock while others seed).
  socket = new PGLiteSocketServer({ db: postgres, port: 0, host: "127.0.0.1", maxConnections: 10 });
  await socket.start();
  const folders = makeAppFolders();
  server = await startServer(
    loadEnv({
      NODE_ENV: "test",
      PORT: "0",
      DATA_DIR: temporaryFolder("data"),
      MARKETING_DIST: folders.marketingDist,
      ASSISTANT_DIST: folders.assistantDist,
      DATABASE_URL: `postgres://postgres:postgres@${socket.getServerConn()}/postgres`,
    }),
  );
});

afterAll(async () => {
  await server?.close();
  await socket?.stop();
  await postgres?.close();
});

test("migrations run on the server and accounts are stored there", async () => {
  const { access_token } = await signInAs(server.url, "enterprise@oystar.test");
  const response = await fetch(`${server.url}/api/me`, { headers: { Authorization: `Bearer ${access_token}` } });
  expect(await response.json()).toMatchObject({ email: "enterprise@oystar.test", isAdmin: false });
  const users = await postgres.query<{ plan: string }>("SELECT plan FROM users WHERE email = 'enterprise@oystar.test'");
  expect(users.rows).toEqual([{ plan: "enterprise" }]);
  const migrations = await postgres.query<{ id: string }>("SELECT id FROM schema_migrations");
  expect(migrations.rows.map((row) => row.id)).toContain("0001-accounts");
});
