import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reserveFreePort } from "../support/free-port";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

// Issue 10 §0: Turborepo's strict environment mode dropped every variable the README documents,
// so `LLM_BASE_URL=… pnpm start` still answered with the offline model.
test("configuration given to `pnpm start` reaches the server", async ({ request }) => {
  test.setTimeout(120_000);
  const port = await reserveFreePort();
  const dataDir = mkdtempSync(join(tmpdir(), "oystar-pnpm-start-"));
  // --only: the built product is already there (e2e builds it first); the start task itself,
  // with its environment filtering, is what is under test.
  const server = spawn("pnpm", ["start", "--only"], {
    cwd: repoRoot,
    detached: true,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LLM_BASE_URL: "http://127.0.0.1:9/v1",
      APP_VERSION: "9.9.9-configurazione",
    },
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await request.get(`${base}/api/health`).catch(() => null))?.status() ?? 0, { timeout: 90_000 })
      .toBe(200);
    const health = await (await request.get(`${base}/api/health`)).json();
    expect(health.model).toMatchObject({ provider: "openai-compatible", offline: false });
    const config = await (await request.get(`${base}/config.json`)).json();
    expect(config).toMatchObject({ version: "9.9.9-configurazione", auth: { domain: `${base}/idp` } });
  } finally {
    // The server goes, then its data folder: the run leaves nothing in the temp directory.
    const gone = new Promise((resolve) => server.once("exit", resolve));
    if (server.pid) process.kill(-server.pid, "SIGTERM");
    await gone;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
