import { rmSync } from "node:fs";
import { createApp } from "../src/app";
import { openDatabase } from "../src/db/database";
import { loadEnv } from "../src/env";
import { routeTable, type RouteRow } from "../src/route-table";
import { openServices } from "../src/services";
import { makeAppFolders, RAG_FIXTURES_DIR } from "./fixtures";

/**
 * The app as it runs by default (dev mode: built-in provider and checkout mounted), or with the
 * given variables, built only to list its routes.
 */
export async function inspectedRoutes(variables: Record<string, string> = {}): Promise<RouteRow[]> {
  const folders = makeAppFolders();
  const env = {
    ...loadEnv({ NODE_ENV: "test", DATA_DIR: `${folders.root}/data`, RAG_DEMO_DIR: RAG_FIXTURES_DIR, ...variables }),
    publicUrl: "http://localhost:8787",
  };
  const db = await openDatabase({ dataDir: null });
  try {
    const services = await openServices(env, { db });
    return routeTable(createApp(env, services));
  } finally {
    await db.close();
    // Tests leave nothing in the temp directory.
    rmSync(folders.root, { recursive: true, force: true });
  }
}
