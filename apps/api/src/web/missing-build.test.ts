import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type Database } from "../db/database";
import { loadEnv } from "../env";
import { startServer, type RunningServer } from "../server";
import { temporaryFolder } from "../../test-support/temporary-folders";

let server: RunningServer;
let db: Database;
beforeAll(async () => {
  const nowhere = join("/nonexistent", String(process.pid));
  db = await openDatabase({ dataDir: null });
  const env = loadEnv({
    NODE_ENV: "test",
    PORT: "0",
    DATA_DIR: temporaryFolder("data"),
    MARKETING_DIST: join(nowhere, "m"),
    ASSISTANT_DIST: join(nowhere, "a"),
  });
  server = await startServer(env, { db });
});
afterAll(async () => {
  await server.close();
  await db.close();
});

test("pages of an app that was not built say how to build it", async () => {
  for (const path of ["/oystar", "/chat", "/sitemap.xml"]) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("pnpm build");
  }
});

test("the API works without the apps", async () => {
  const response = await fetch(`${server.url}/api/health`);
  expect(response.status).toBe(200);
});
