import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { temporaryFolder } from "../../test-support/temporary-folders";

const packageDir = fileURLToPath(new URL("../..", import.meta.url));

/** Starts the real server (src/main.ts) in its own process and records the modules it loads. */
async function bootRecorded(env: Record<string, string>) {
  const dataDir = temporaryFolder("boot");
  const record = join(dataDir, "modules.txt");
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=@oystar/source", "--import", "./test-support/record-modules.mjs", "src/main.ts"],
    {
      cwd: packageDir,
      env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", PORT: "0", DATA_DIR: dataDir, RECORD_MODULES_TO: record, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // Ready when it says where it listens (main.ts), or failed when it exits first.
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("OYSTAR in ascolto su")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`il server è uscito (${code}): ${output}`)));
  });
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  const modules = readFileSync(record, "utf8").split("\n").filter(Boolean);
  const db = await PGlite.create({ dataDir: join(dataDir, "pglite"), extensions: { vector } });
  const tables = (
    await db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'")
  ).rows.map((row) => row.name);
  await db.close();
  return { modules, tables };
}

const auth0 = {
  AUTH_MODE: "auth0",
  AUTH0_DOMAIN: "oystar-prova.eu.auth0.com",
  AUTH0_CLIENT_ID: "abc",
  AUTH0_AUDIENCE: "https://api.oystar.test",
};

test("AUTH_MODE=auth0 starts with no dev identity provider module loaded and no dev table", { timeout: 120_000 }, async () => {
  const [production, dev] = await Promise.all([bootRecorded(auth0), bootRecorded({ AUTH_MODE: "dev" })]);
  expect(production.modules.some((url) => url.includes("/src/app.ts"))).toBe(true);
  expect(production.modules.filter((url) => url.includes("/dev-idp/"))).toEqual([]);
  expect(production.tables).toContain("users");
  expect(production.tables.filter((name) => name.startsWith("idp_"))).toEqual([]);
  // The same recording in dev mode sees the provider: the check above can fail.
  expect(dev.modules.some((url) => url.includes("/src/dev-idp/dev-idp.ts"))).toBe(true);
  expect(dev.tables).toContain("idp_accounts");
});
