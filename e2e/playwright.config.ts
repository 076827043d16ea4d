import { defineConfig } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumLaunchOptions } from "./support/chromium";
import { writeHostileDocuments } from "./support/hostile-documents";
import { reserveFreePort } from "./support/free-port";
import { freshDatabase } from "./support/postgres";

// The port is chosen once in the main process; workers inherit it through the environment.
process.env.E2E_PORT ??= String(await reserveFreePort());
const port = Number(process.env.E2E_PORT);
// Issue 48: the website a journey serves on this machine (tests/library.spec.ts), reached by the
// server under a public name through its guarded fetcher (TEST_FETCH_ROUTES, the network's double).
process.env.E2E_SITE_PORT ??= String(await reserveFreePort());
// Every run starts from an empty database and fresh identity-provider keys. The process that made
// the folder (the runner's main process; workers inherit it) removes it when the run is over:
// a test run leaves nothing in the temp directory (issue 28 §10).
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), "oystar-e2e-"));
  process.env.E2E_DATA_DIR = dataDir;
  process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}
// A customer's own index of hostile documents (issue 25), read by the server at start.
const devIndexes = join(process.env.E2E_DATA_DIR, "customer-indexes");
writeHostileDocuments(devIndexes);
const baseURL = `http://127.0.0.1:${port}`;
// `pnpm test:postgres` (issue 28 §1): the journeys on a real PostgreSQL — a database made afresh on
// TEST_POSTGRES_URL for the run — instead of the embedded one.
process.env.E2E_DATABASE_URL ??= process.env.E2E_DATABASE === "postgres" ? await freshDatabase("oystar_e2e") : "";
const serverEntry = fileURLToPath(new URL("../apps/api/dist/main.js", import.meta.url));
// Issue 37 §3: in CI's PostgreSQL leg the journeys run through HAProxy in front of two servers on
// one database (support/balanced-product.mjs), as an operator deploys on several machines: any
// request may reach either server.
const behindBalancer = process.env.E2E_BEHIND_BALANCER === "1";
if (behindBalancer && !process.env.E2E_DATABASE_URL)
  throw new Error("E2E_BEHIND_BALANCER=1 vuole E2E_DATABASE=postgres: due server condividono un solo database.");
const balancedProduct = fileURLToPath(new URL("./support/balanced-product.mjs", import.meta.url));

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  // Screenshots (tests/layout.spec.ts): one name per picture (this suite runs on Linux only), a
  // pinned font, no animation, and a little room for anti-aliasing.
  snapshotPathTemplate: "{testDir}/{testFileName}-snapshots/{arg}{ext}",
  expect: {
    toHaveScreenshot: {
      animations: "disabled",
      caret: "hide",
      scale: "css",
      maxDiffPixelRatio: 0.01,
      stylePath: fileURLToPath(new URL("./support/screenshot.css", import.meta.url)),
    },
  },
  use: {
    baseURL,
    launchOptions: chromiumLaunchOptions(),
    trace: "retain-on-failure",
  },
  // The real product: the built API serving both built apps on one origin.
  webServer: {
    command: behindBalancer
      ? `node ${JSON.stringify(balancedProduct)} ${JSON.stringify(serverEntry)} ${port}`
      : `node ${JSON.stringify(serverEntry)}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    // The offline model streams fast here so journeys that ask many questions stay short.
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      NODE_ENV: "test",
      // One process per server, on PostgreSQL too (WORKERS defaults to the cores there): the
      // journeys of several processes on one port are their own tests (server-processes.test.ts).
      WORKERS: "1",
      // Behind the balancer, the client's address is the one HAProxy vouches for.
      ...(behindBalancer ? { TRUSTED_PROXIES: "127.0.0.1" } : {}),
      // A run that ends stops the server at once, whatever a page still streams.
      DRAIN_TIMEOUT_MS: "1000",
      DATA_DIR: process.env.E2E_DATA_DIR,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      OFFLINE_MODEL_CHARS_PER_SECOND: "4000",
      RAG_DEV_INDEXES_DIR: devIndexes,
      TEST_FETCH_ROUTES: `sito-studio.example=${process.env.E2E_SITE_PORT}`,
    },
  },
});
