import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freePort, startApiProcess, type ApiProcess } from "../../test-support/api-process";
import { makeAppFolders, RAG_FIXTURES_DIR } from "../../test-support/fixtures";
import { startPostgres, type TestPostgres } from "../../test-support/postgres";
import { fetchThrough } from "../../test-support/raw-http";
import { signInAs } from "../dev-idp/dev-sign-in";

// issue 37 §3: two servers on one PostgreSQL behind the repository's HAProxy configuration
// (deploy/haproxy/haproxy.cfg, Debian's haproxy), restarted one after the other while questions
// stream through the balancer: no request fails and no answer is cut. Each server, at SIGTERM, says
// 'draining' on its health check while it still serves, so the balancer takes it out before it
// stops taking connections, and finishes the answers it is writing (web/draining.ts).

const HAPROXY = "/usr/sbin/haproxy";
const CONFIG = fileURLToPath(new URL("../../../../deploy/haproxy/haproxy.cfg", import.meta.url));
const PUBLIC_URL = "http://oystar.test";
const folders = makeAppFolders();
let postgres: TestPostgres;
let balancer: ChildProcess;
let through: ReturnType<typeof fetchThrough>;
const ports: number[] = [];
const servers: ApiProcess[] = [];
let variables: Record<string, string>;

beforeAll(async () => {
  if (!existsSync(HAPROXY)) throw new Error("Serve HAProxy: sudo apt-get install haproxy (CI lo installa in .ci/run).");
  postgres = await startPostgres();
  variables = {
    DATABASE_URL: await postgres.createDatabase(),
    PUBLIC_URL,
    MARKETING_DIST: folders.marketingDist,
    ASSISTANT_DIST: folders.assistantDist,
    RAG_DEMO_DIR: RAG_FIXTURES_DIR,
    TRUSTED_PROXIES: "127.0.0.1",
    // Two of the balancer's check intervals (1 s), as the configuration says.
    DRAIN_NOTICE_MS: "2500",
    DRAIN_TIMEOUT_MS: "60000",
    OFFLINE_MODEL_CHARS_PER_SECOND: "600",
  };
  ports.push(await freePort(), await freePort());
  for (const port of ports) servers.push(await startApiProcess(variables, { port }));
  const listen = await freePort();
  balancer = spawn(HAPROXY, ["-db", "-f", CONFIG], {
    env: {
      PATH: process.env.PATH ?? "",
      OYSTAR_LISTEN: `127.0.0.1:${listen}`,
      OYSTAR_HOST: "oystar.test",
      OYSTAR_SERVER_1: `127.0.0.1:${ports[0]}`,
      OYSTAR_SERVER_2: `127.0.0.1:${ports[1]}`,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  through = fetchThrough(listen);
  // The balancer is up once it answers for the product.
  await until(async () => (await through(`${PUBLIC_URL}/api/health`).catch(() => null))?.status === 200);
}, 180_000);

afterAll(async () => {
  if (balancer && balancer.exitCode === null) {
    const exited = once(balancer, "exit");
    balancer.kill("SIGTERM");
    await exited;
  }
  await Promise.all(servers.map((server) => server.stop("SIGKILL")));
  await postgres?.stop();
  rmSync(folders.root, { recursive: true, force: true });
});

/** Asks again every 100 ms until `check` holds (the test's own timeout bounds it). */
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** How many requests for `route` a server's log has written. */
const served = (server: ApiProcess, route: string) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes(`"route":"${route}"`)).length;

test("a rolling restart of both servers under load fails no request and cuts no answer", async () => {
  const { access_token } = await signInAs(PUBLIC_URL, "pro@oystar.test", { fetch: through });
  const outcomes: Array<{ status: number; whole: boolean }> = [];
  let restarting = true;
  const askWhileRestarting = async () => {
    while (restarting) {
      const answer = await through(`${PUBLIC_URL}/groq/chat/completions`, {
        method: "POST",
        headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          model: "openai/gpt-oss-20b",
          messages: [{ role: "user", content: "Com'è il giardino in autunno?" }],
          stream: true,
        }),
      }).catch(() => null);
      outcomes.push({ status: answer?.status ?? 0, whole: answer ? (await answer.text()).includes("data: [DONE]") : false });
    }
  };
  const load = Array.from({ length: 4 }, askWhileRestarting);

  for (const [i, port] of ports.entries()) {
    const before = outcomes.length;
    await servers[i]!.stop("SIGTERM");
    servers[i] = await startApiProcess(variables, { port });
    // Back in rotation: the balancer's checks reach it, and then the questions do.
    await until(() => served(servers[i]!, "/groq/chat/completions") > 0);
    expect(outcomes.length).toBeGreaterThan(before);
  }
  restarting = false;
  await Promise.all(load);

  expect(outcomes.length).toBeGreaterThan(8);
  expect(outcomes.filter((outcome) => outcome.status !== 200 || !outcome.whole)).toEqual([]);
}, 240_000);
