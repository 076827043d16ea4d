import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freePort, startApiProcess, type ApiProcess } from "../test-support/api-process";
import { makeAppFolders, RAG_FIXTURES_DIR } from "../test-support/fixtures";
import { startPostgres, type TestPostgres } from "../test-support/postgres";

// issue 37 §2: WORKERS=N server processes on one machine and one port, one product on PostgreSQL;
// the primary restarts a server that dies and serves the metrics of all of them; with the embedded
// PGlite the server stays one process and says why. Real processes, a real PostgreSQL.

const PUBLIC_URL = "http://oystar.test";
const folders = makeAppFolders();
const dataDirs: string[] = [];
let postgres: TestPostgres;
let product: ApiProcess;
let metricsPort = 0;

const common = () => {
  const dataDir = mkdtempSync(join(tmpdir(), "oystar-data-"));
  dataDirs.push(dataDir);
  return {
    PUBLIC_URL,
    MARKETING_DIST: folders.marketingDist,
    ASSISTANT_DIST: folders.assistantDist,
    RAG_DEMO_DIR: RAG_FIXTURES_DIR,
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
  };
};

beforeAll(async () => {
  postgres = await startPostgres();
  metricsPort = await freePort();
  product = await startApiProcess({
    ...common(),
    DATABASE_URL: await postgres.createDatabase(),
    WORKERS: "2",
    METRICS_PORT: String(metricsPort),
  });
}, 180_000);

afterAll(async () => {
  await product?.stop();
  await postgres?.stop();
  for (const folder of [folders.root, ...dataDirs]) rmSync(folder, { recursive: true, force: true });
});

type LogEntry = { msg?: string; pid?: number; route?: string };
const entriesOf = (process: ApiProcess): LogEntry[] =>
  process
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogEntry);
/** The processes that said they listen. */
const listening = (process: ApiProcess) =>
  entriesOf(process)
    .filter((entry) => entry.msg?.startsWith("OYSTAR in ascolto su"))
    .map((entry) => entry.pid);

/** Waits until `check` holds, asking again as often as it takes (the test's own timeout bounds it). */
async function until<T>(read: () => Promise<T> | T, check: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    // Asked again every 50 ms: a poll, not a wait — the answer decides when it ends.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function workersUp(): Promise<number> {
  const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((response) => response.text());
  return Number(/^oystar_workers_up(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? 0);
}

test("two server processes share the port; the primary serves their metrics summed", async () => {
  const pids = await until(
    () => listening(product),
    (found) => new Set(found).size === 2,
  );
  expect(new Set(pids).size).toBe(2);
  expect(await until(workersUp, (count) => count === 2)).toBe(2);
  // New connections are handed to both processes in turn.
  for (let i = 0; i < 20; i += 1)
    expect((await product.fetch(`${PUBLIC_URL}/api/health`, { headers: { Connection: "close" } })).status).toBe(200);
  const served = await until(
    () =>
      new Set(
        entriesOf(product)
          .filter((entry) => entry.route === "/api/health")
          .map((entry) => entry.pid),
      ),
    (found) => found.size === 2,
  );
  expect([...served].sort()).toEqual([...new Set(pids)].sort());
  const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((response) => response.text());
  expect(
    Number(/^oystar_http_requests_total\{[^}]*route="\/api\/health"[^}]*status="200"[^}]*\} (\d+)/m.exec(text)?.[1]),
  ).toBeGreaterThanOrEqual(20);
});

test("a server process that dies is replaced, and the product keeps answering — never 'Avvio in corso' from the one starting", async () => {
  const [victim] = listening(product);
  process.kill(victim as number, "SIGKILL");
  // Asked all along while the replacement starts: the port hands connections to whoever listens,
  // so a process still opening its database must not listen yet.
  const statuses: number[] = [];
  let replaced = false;
  // Eight askers at once: one whose connection the killed process took waits, the others go on.
  const asker = async () => {
    while (!replaced) {
      // A connection handed to the killed process fails or is never answered: that is the kill, not a start.
      const given = product.fetch(`${PUBLIC_URL}/api/plans`, { headers: { Connection: "close" } }).then(
        (response) => response.status,
        () => 0,
      );
      const status = await Promise.race([given, new Promise<number>((resolve) => setTimeout(() => resolve(0), 3000))]);
      statuses.push(status);
      // One request at a time, each after the event loop turned (a refused one fails at once).
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const asking = Promise.all(Array.from({ length: 8 }, asker));
  const after = await until(
    () => listening(product),
    (found) => found.length === 3,
  );
  // A few more once it listens, so that some reach it.
  await until(
    () => statuses.length,
    (count) => count >= 200,
  );
  replaced = true;
  await asking;
  expect(statuses.filter((status) => status !== 200 && status !== 0)).toEqual([]);
  expect(after[2]).not.toBe(victim);
  expect(await until(workersUp, (count) => count === 2)).toBe(2);
  expect((await product.fetch(`${PUBLIC_URL}/api/health`, { headers: { Connection: "close" } })).status).toBe(200);
});

test("with the embedded PGlite the server stays one process and says why", async () => {
  const alone = await startApiProcess({ ...common(), WORKERS: "4" });
  try {
    expect(alone.output()).toContain(
      "OYSTAR resta un solo processo: il database integrato (PGlite) vive in un solo processo: per più processi serve DATABASE_URL.",
    );
    expect(listening(alone)).toHaveLength(1);
    expect(entriesOf(alone).some((entry) => entry.msg?.includes("processi server"))).toBe(false);
  } finally {
    await alone.stop();
  }
});
