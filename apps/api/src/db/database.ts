// One PostgreSQL for the whole server (DESIGN.md §7): PGlite embedded under DATA_DIR by default,
// a real server when DATABASE_URL is set. Both speak the same SQL through this small interface.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { mkdirSync } from "node:fs";
import pg from "pg";

export type Queryable = {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
};

export type Database = Queryable & {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction: all of it commits, or none of it. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type DatabaseLocation = { databaseUrl?: string | null; dataDir?: string | null };

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  return location.databaseUrl ? openPostgres(location.databaseUrl) : openPglite(location.dataDir ?? null);
}

/** Embedded Postgres; `dataDir` null keeps it in memory (tests). */
async function openPglite(dataDir: string | null): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: { vector } });
  const wrap = (target: Pick<PGlite, "query" | "exec">): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await target.query<Row>(sql, params)).rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  return {
    kind: "pglite",
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close(),
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: unknown[] = []) {
      return (await target.query(sql, params)).rows as Row[];
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  });
  return {
    kind: "postgres",
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
