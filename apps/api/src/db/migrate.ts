import type { Database } from "./database";
import { migrations } from "./migrations";

/**
 * Applies the migrations not yet recorded, each in its own transaction, in order. An advisory
 * lock keeps two servers starting together on one Postgres from racing.
 */
export async function migrate(db: Database): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(824173)");
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
