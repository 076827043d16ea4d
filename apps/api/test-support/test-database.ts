import { openDatabase, type Database } from "../src/db/database";
import { migrate } from "../src/db/migrate";
import { startPostgres } from "./postgres";

/**
 * A fresh, migrated database for a test that works on it directly, as startTestServer gives its
 * server: in memory (PGlite) under `pnpm test`, or with OYSTAR_TEST_POSTGRES=1 (`pnpm
 * test:postgres`) a new database on a real PostgreSQL. `close` drops what was made.
 */
export async function openTestDatabase(): Promise<Database> {
  const postgres = process.env.OYSTAR_TEST_POSTGRES === "1" ? await startPostgres() : null;
  const db = postgres ? await openDatabase({ databaseUrl: await postgres.createDatabase() }) : await openDatabase({ dataDir: null });
  await migrate(db);
  return {
    ...db,
    close: async () => {
      await db.close();
      await postgres?.stop();
    },
  };
}
