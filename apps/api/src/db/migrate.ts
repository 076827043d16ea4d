import type { Database } from "./database";
import { migrations as productMigrations } from "./migrations";

export type Migration = { id: string; sql: string };

/** The advisory lock servers take to change the schema, one at a time. */
const MIGRATION_LOCK = 824173;

/**
 * Applies the migrations not yet recorded, in order, in one transaction. An advisory lock, taken
 * first, keeps servers starting together on one Postgres from racing — even over creating the
 * table that records them. The product's own by default; the built-in identity provider brings
 * its own list.
 */
export async function migrate(db: Database, migrations: readonly Migration[] = productMigrations): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set((await tx.query<{ id: string }>("SELECT id FROM schema_migrations")).map((row) => row.id));
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query("INSERT INTO schema_migrations (id) VALUES ($1)", [migration.id]);
      applied.push(migration.id);
    }
  });
  return applied;
}
