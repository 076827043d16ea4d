import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// A second product server for the journeys that need other settings than playwright.config.ts's
// (a model upstream, for one): the same built API, on its own port and its own data folder,
// removed when it stops.

const serverEntry = fileURLToPath(new URL("../../apps/api/dist/main.js", import.meta.url));
const START_TIMEOUT_MS = 60_000;

export type ProductServer = { stop: () => Promise<void> };

/** Whether the server on `port` answers its health check under the public address's host. */
const healthy = (port: number, publicHost: string) =>
  new Promise<boolean>((resolve) => {
    const asked = request({ host: "127.0.0.1", port, path: "/api/health", headers: { Host: publicHost } }, (answer) => {
      answer.resume();
      resolve(answer.statusCode === 200);
    });
    asked.on("error", () => resolve(false));
    asked.end();
  });

/**
 * Starts the built server on `port`. Its public address is its own unless `env.PUBLIC_URL` names
 * another (a second server behind the same address, as behind a balancer).
 */
export async function startProductServer(port: number, env: Record<string, string>): Promise<ProductServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "oystar-e2e-server-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const publicHost = new URL(env.PUBLIC_URL ?? baseUrl).host;
  const server = spawn(process.execPath, [serverEntry], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      NODE_ENV: "test",
      WORKERS: "1",
      DRAIN_TIMEOUT_MS: "1000",
      DATA_DIR: dataDir,
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const stop = async () => {
    if (server.exitCode === null) server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  // Up when it answers its health check; a server that exits or never answers fails the journey.
  while (!(await healthy(port, publicHost))) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Il server di prova non è partito (codice ${server.exitCode ?? "nessuno"}).`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { stop };
}
