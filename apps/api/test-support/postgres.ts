import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import pg from "pg";

// A real PostgreSQL for the tests that need one (several servers on one database, faults): the
// one TEST_POSTGRES_URL names (CI starts Debian's, `.ci/run`), or else a throwaway cluster made
// here with the machine's own PostgreSQL programs, removed when the test ends. Nothing is
// downloaded; without PostgreSQL installed the test says what to install.

export type TestPostgres = {
  /** A new, empty database on it, for one test: its connection string. */
  createDatabase(): Promise<string>;
  /** Stops and forgets what `startPostgres` started (a given server is only left as it was). */
  stop(): Promise<void>;
  /** Stops and starts the server again (a throwaway cluster only): for fault tests. */
  halt?: () => Promise<void>;
  resume?: () => Promise<void>;
  /** The cluster's data folder (a throwaway cluster only): for the tests of what reaches its disk. */
  dataDir?: string;
};

function postgresPrograms(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  const bin = version ? join(root, version, "bin") : null;
  return bin && existsSync(join(bin, "initdb")) ? bin : null;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function waitUntilReady(url: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL si è fermato all'avvio (codice ${server.exitCode})`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error("PostgreSQL non risponde");
}

/** The postgres user's id (`-u`) or group (`-g`), for a cluster made as root. */
const idOf = (which: "-u" | "-g") => Number(spawnSync("id", [which, "postgres"], { encoding: "utf8" }).stdout.trim());

/** Databases made for tests are named so, and dropped with their test. */
const databaseName = () => `oystar_test_${randomBytes(6).toString("hex")}`;

function databasesOn(adminUrl: string) {
  const made: string[] = [];
  return {
    made,
    async createDatabase() {
      const name = databaseName();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      made.push(name);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async dropMade() {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** `own`: a throwaway cluster even where TEST_POSTGRES_URL names a server (a test that stops it). */
export async function startPostgres({ own = false }: { own?: boolean } = {}): Promise<TestPostgres> {
  const given = own ? undefined : process.env.TEST_POSTGRES_URL;
  if (given) {
    const databases = databasesOn(given);
    return { createDatabase: databases.createDatabase, stop: databases.dropMade };
  }
  const bin = postgresPrograms();
  if (!bin)
    throw new Error(
      "Questo test usa un PostgreSQL vero: installa Debian's postgresql (apt-get install postgresql) o indica TEST_POSTGRES_URL.",
    );

  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
  const owner = userInfo().uid === 0 ? { uid: idOf("-u"), gid: idOf("-g") } : {};
  const dataDir = mkdtempSync(join(tmpdir(), "oystar-postgres-"));
  if (owner.uid !== undefined) chownSync(dataDir, owner.uid, owner.gid);
  chmodSync(dataDir, 0o700);
  const made = spawnSync(
    join(bin, "initdb"),
    ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C.UTF-8"],
    {
      ...owner,
      cwd: dataDir,
      encoding: "utf8",
    },
  );
  if (made.status !== 0) throw new Error(`initdb: ${made.stderr}`);

  const port = await freePort();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // fsync off: a throwaway cluster needs no durability, and the tests run faster.
  const serverArgs = [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-k",
    dataDir,
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "fsync=off",
    "-c",
    "max_connections=200",
  ];
  let server: ChildProcess;
  const start = async () => {
    server = spawn(join(bin, "postgres"), serverArgs, { ...owner, cwd: dataDir, stdio: "ignore" });
    await waitUntilReady(adminUrl, server);
  };
  const halt = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once("exit", resolve));
    // SIGINT: PostgreSQL's fast shutdown (clients are disconnected at once).
    server.kill("SIGINT");
    await exited;
  };
  await start();
  const databases = databasesOn(adminUrl);
  return {
    createDatabase: databases.createDatabase,
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
    halt,
    resume: start,
    dataDir,
  };
}
