import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, type Database } from "../src/db/database";
import { loadEnv, type Env } from "../src/env";
import { startServer, type RunningServer } from "../src/server";
import { startPostgres } from "./postgres";
import { temporaryFolder } from "./temporary-folders";

/** The hash of the (pretend) stylesheet inlined in the site's pages. */
export const SITE_STYLE_HASH = "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";

/** Two tiny "built apps" in a temp folder, so server tests don't need `pnpm build`. */
export function makeAppFolders() {
  const root = temporaryFolder("apps");
  const marketingDist = join(root, "marketing");
  const assistantDist = join(root, "assistant");
  mkdirSync(join(marketingDist, "assets"), { recursive: true });
  mkdirSync(join(assistantDist, "assets"), { recursive: true });
  // As the marketing build leaves it: a page per path (prerendered), a 404 page and the list.
  const page = (title: string) => `<!doctype html><title>${title}</title><div id="root"><h1>${title}</h1></div>`;
  const pages = [
    "/",
    "/oystar",
    "/oystar-ai",
    "/subscription",
    "/enterprise-contact",
    "/contact",
    "/business-index-request",
    "/login",
    "/success",
  ].map((path) => ({
    path,
    file: path === "/" ? "index.html" : `${path.slice(1)}/index.html`,
    indexable: !["/", "/business-index-request", "/login", "/success"].includes(path),
  }));
  for (const { path, file } of pages) {
    mkdirSync(join(marketingDist, file, ".."), { recursive: true });
    writeFileSync(join(marketingDist, file), page(`marketing ${path}`));
  }
  writeFileSync(join(marketingDist, "404.html"), page("marketing 404"));
  writeFileSync(join(marketingDist, "pages.json"), JSON.stringify({ pages, notFound: "404.html", styleHashes: [SITE_STYLE_HASH] }));
  writeFileSync(join(marketingDist, "assets", "index-abc123.js"), "console.log('marketing')");
  writeFileSync(join(marketingDist, "assets", "big-abc123.js"), "x".repeat(4096));
  writeFileSync(join(marketingDist, "assets", "index-abc123.js.map"), '{"version":3,"sources":["../src/main.tsx"]}');
  writeFileSync(join(marketingDist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(join(assistantDist, "index.html"), "<!doctype html><title>assistant</title>");
  writeFileSync(join(assistantDist, "assets", "index-def456.js"), "console.log('assistant')");
  writeFileSync(join(root, "secret.txt"), "do not serve");
  return { root, marketingDist, assistantDist };
}

/** Five short Italian documents: the demo index of every test server (the real one is larger). */
export const RAG_FIXTURES_DIR = fileURLToPath(new URL("./rag-fixtures", import.meta.url));

export async function startTestServer(
  overrides: Record<string, string> = {},
  options: Omit<Parameters<typeof startServer>[1] & object, "db"> & { db?: Database } = {},
): Promise<RunningServer & { env: Env; db: Database }> {
  const folders = makeAppFolders();
  const env = loadEnv({
    NODE_ENV: "test",
    PORT: "0",
    MARKETING_DIST: folders.marketingDist,
    ASSISTANT_DIST: folders.assistantDist,
    DATA_DIR: join(folders.root, "data"),
    RAG_DEMO_DIR: RAG_FIXTURES_DIR,
    ...overrides,
  });
  // Each test server gets its own empty database, migrated at start: in memory (PGlite), or with
  // OYSTAR_TEST_POSTGRES=1 a new database on a real PostgreSQL (CI's PostgreSQL leg, issue 28 §1).
  const postgres = options.db || process.env.OYSTAR_TEST_POSTGRES !== "1" ? null : await startPostgres();
  const db =
    options.db ?? (postgres ? await openDatabase({ databaseUrl: await postgres.createDatabase() }) : await openDatabase({ dataDir: null }));
  const server = await startServer(env, { ...options, db });
  return {
    ...server,
    env,
    db,
    close: async () => {
      await server.close();
      await db.close();
      await postgres?.stop();
      // Tests leave nothing in the temp directory.
      rmSync(folders.root, { recursive: true, force: true });
    },
  };
}
