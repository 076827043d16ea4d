import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { request, type IncomingMessage } from "node:http";
import { existsSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freePort, startApiProcess, type ApiProcess } from "../../test-support/api-process";
import { makeAppFolders, RAG_FIXTURES_DIR } from "../../test-support/fixtures";
import { startPostgres, type TestPostgres } from "../../test-support/postgres";
import { fetchThrough } from "../../test-support/raw-http";
import { signInAs } from "../dev-idp/dev-sign-in";

// Issue 55 §1: a server past what it can carry refuses a new question with 503 before reading it;
// the repository's HAProxy configuration (deploy/haproxy/haproxy.cfg) then asks another server,
// so the caller never sees the refusal while one server has room. Here the first server carries
// one stream at most (MAX_OPEN_STREAMS=1) and one slow answer fills it.

const HAPROXY = "/usr/sbin/haproxy";
const CONFIG = fileURLToPath(new URL("../../../../deploy/haproxy/haproxy.cfg", import.meta.url));
const PUBLIC_URL = "http://oystar.test";
const folders = makeAppFolders();
let postgres: TestPostgres;
let balancer: ChildProcess;
let through: ReturnType<typeof fetchThrough>;
let full: ApiProcess;
let roomy: ApiProcess;

beforeAll(async () => {
  if (!existsSync(HAPROXY)) throw new Error("Serve HAProxy: sudo apt-get install haproxy (CI lo installa in .ci/run).");
  postgres = await startPostgres();
  const shared = {
    DATABASE_URL: await postgres.createDatabase(),
    PUBLIC_URL,
    MARKETING_DIST: folders.marketingDist,
    ASSISTANT_DIST: folders.assistantDist,
    RAG_DEMO_DIR: RAG_FIXTURES_DIR,
    TRUSTED_PROXIES: "127.0.0.1",
  };
  // The full one answers slowly (its one slot stays taken); the other quickly.
  full = await startApiProcess({ ...shared, MAX_OPEN_STREAMS: "1", OFFLINE_MODEL_CHARS_PER_SECOND: "1" });
  roomy = await startApiProcess({ ...shared, OFFLINE_MODEL_CHARS_PER_SECOND: "5000" });
  const listen = await freePort();
  balancer = spawn(HAPROXY, ["-db", "-f", CONFIG], {
    env: {
      PATH: process.env.PATH ?? "",
      OYSTAR_LISTEN: `127.0.0.1:${listen}`,
      OYSTAR_HOST: "oystar.test",
      OYSTAR_SERVER_1: `127.0.0.1:${full.port}`,
      OYSTAR_SERVER_2: `127.0.0.1:${roomy.port}`,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  through = fetchThrough(listen);
  // Up once both servers are in rotation: each has answered the balancer's health check.
  await until(async () => (await through(`${PUBLIC_URL}/api/health`).catch(() => null))?.status === 200);
  await until(() => healthChecks(full) >= 2 && healthChecks(roomy) >= 2);
}, 180_000);

afterAll(async () => {
  if (balancer && balancer.exitCode === null) {
    const exited = once(balancer, "exit");
    balancer.kill("SIGTERM");
    await exited;
  }
  await Promise.all([full, roomy].map((server) => server?.stop("SIGKILL")));
  await postgres?.stop();
  rmSync(folders.root, { recursive: true, force: true });
});

async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** A server's log lines for a route, with their status. */
const lines = (server: ApiProcess, route: string) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes(`"route":"${route}"`))
    .map((line) => JSON.parse(line) as { status: number });
const healthChecks = (server: ApiProcess) => lines(server, "/api/health").length;

test("a question the full server refuses is answered by the other: the caller sees no refusal", async () => {
  const { access_token } = await signInAs(PUBLIC_URL, "pro@oystar.test", { fetch: through });
  const question = (content: string) => ({
    method: "POST",
    headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ model: "openai/gpt-oss-20b", messages: [{ role: "user", content }], stream: true }),
  });
  // The full server's one slot, taken directly (the balancer does not count it) and held open.
  const slow = await openStream(full.port, question("Raccontami una storia lunga."));
  expect(slow.statusCode).toBe(200);

  const outcomes: Array<{ status: number; whole: boolean }> = [];
  for (let i = 0; i < 8; i += 1) {
    const answer = await through(`${PUBLIC_URL}/groq/chat/completions`, question("Com'è il giardino in autunno?"));
    outcomes.push({ status: answer.status, whole: (await answer.text()).includes("data: [DONE]") });
  }
  expect(outcomes).toEqual(Array.from({ length: 8 }, () => ({ status: 200, whole: true })));
  // Some were sent to the full server first: it refused them, and they were answered elsewhere.
  const refusedByFull = lines(full, "/groq/chat/completions").filter((line) => line.status === 503).length;
  expect(refusedByFull).toBeGreaterThan(0);
  const answered = (server: ApiProcess) => lines(server, "/groq/chat/completions").filter((line) => line.status === 200).length;
  // Every one answered once, by the other server (or by the full one, had its slow answer ended by then).
  await expect.poll(() => answered(roomy) + answered(full)).toBe(8);
  slow.destroy();
}, 120_000);

/** A streamed answer asked of one server directly, resolved at its head: its stream stays open. */
function openStream(port: number, init: { method: string; headers: Record<string, string>; body: string }): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const asked = request(
      { host: "127.0.0.1", port, path: "/groq/chat/completions", method: init.method, headers: { ...init.headers, Host: "oystar.test" } },
      resolve,
    );
    asked.once("error", reject);
    asked.end(init.body);
  });
}
