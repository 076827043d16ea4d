// A database of the benchmark's own on a PostgreSQL server it is given (TEST_POSTGRES_URL or
// --database-url, as `.ci/run` sets it up), for running the product as several processes; dropped
// when the benchmark ends, even when it ends on Ctrl-C or a failure.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const requireFromApi = createRequire(fileURLToPath(new URL("../../apps/api/package.json", import.meta.url)));

export async function throwawayDatabase(adminUrl) {
  const { default: pg } = await import(requireFromApi.resolve("pg"));
  const name = `oystar_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  // An exit cannot wait for a promise: a short child process drops it then.
  const dropNow = () =>
    spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import pg from ${JSON.stringify(requireFromApi.resolve("pg"))}; const c = new pg.Client({ connectionString: process.argv[1] }); await c.connect(); await c.query("DROP DATABASE IF EXISTS ${name} WITH (FORCE)"); await c.end();`,
        adminUrl,
      ],
      { stdio: "ignore", timeout: 10_000 },
    );
  let dropped = false;
  const onExit = () => {
    if (!dropped) dropNow();
  };
  process.once("exit", onExit);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      process.off("exit", onExit);
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
