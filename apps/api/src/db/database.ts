// One PostgreSQL for the whole server (DESIGN.md §7): PGlite embedded under DATA_DIR by default,
// a real server when DATABASE_URL is set. Both speak the same SQL through this small interface.
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { mkdirSync } from "node:fs";
import pg from "pg";
import { log } from "../observe/log";
import { postgresNotifications, type Notifications } from "./notifications";

export type Queryable = {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
};

export type Database = Queryable & {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction: all of it commits, or none of it. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while no other server on this database runs work under the same `lock` (a
   * session advisory lock, DESIGN.md §9: servers starting at once seed one after the other).
   * `work` uses the database as usual. Embedded PGlite has a single process: it just runs it.
   */
  exclusively<T>(lock: number, work: () => Promise<T>): Promise<T>;
  /** The connection pool's use, for the operator's metrics; null for the embedded PGlite (no pool). */
  poolUse(): { total: number; idle: number; waiting: number } | null;
  /**
   * LISTEN/NOTIFY between the server processes on this database (db/notifications.ts); null for
   * the embedded PGlite, which only ever has one process.
   */
  readonly notifications: Notifications | null;
  close(): Promise<void>;
};

export type DatabaseLocation = { databaseUrl?: string | null; dataDir?: string | null };

/** Network errors of a connection, and PostgreSQL's SQLSTATEs for a server shutting down or starting. */
const UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
]);

/** The database could not be reached or went away mid-query: a moment's outage, not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && UNAVAILABLE.has(code)) return true;
  // `pg` reports a dropped connection without a code.
  return (
    error instanceof Error &&
    /^Connection terminated|^Client has encountered a connection error|timeout exceeded when trying to connect/.test(error.message)
  );
}

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
    exclusively: (_lock, work) => work(),
    poolUse: () => null,
    notifications: null,
    close: () => db.close(),
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const notifications = postgresNotifications(connectionString);
  // A connection the server drops (a restart, a failover) is an error event on the idle client;
  // unheard, Node would end the process. The pool replaces it; requests meanwhile fail as they do.
  pool.on("error", (error) =>
    log.error({ kind: (error as NodeJS.ErrnoException).code ?? error.name }, "Connessione al database interrotta"),
  );
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
    async exclusively(lock, work) {
      // The lock belongs to one connection: held there while `work` runs on the others.
      const holder = await pool.connect();
      try {
        await holder.query("SELECT pg_advisory_lock($1)", [lock]);
        try {
          return await work();
        } finally {
          await holder.query("SELECT pg_advisory_unlock($1)", [lock]);
        }
      } finally {
        holder.release();
      }
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    notifications,
    async close() {
      await notifications.close();
      await pool.end();
    },
  };
}
