import type { Queryable } from "../src/db/database";

// Issue 36 §8, "tested to leave no row naming the account": a scan of every table of the schema,
// read from information_schema so that a table added later is scanned without being listed here.
// Test support: it reads every row of every table.

export type AccountNames = { id: string; sub: string; email: string | null };

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The tables holding a row that names the account: any column referencing users.id equal to its
 * id, or any row whose text (every column, as Postgres prints the row) contains its subject or
 * email, case aside. Returns the table names with their counts.
 */
export async function tablesNamingAccount(db: Queryable, account: AccountNames): Promise<Record<string, number>> {
  const tables = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  // Every column that holds a users.id by a foreign key: the id is a number, too common to look
  // for in a row's text.
  const references = await db.query<{ table_name: string; column_name: string }>(
    `SELECT k.table_name, k.column_name
     FROM information_schema.referential_constraints r
     JOIN information_schema.key_column_usage k ON k.constraint_name = r.constraint_name AND k.constraint_schema = r.constraint_schema
     JOIN information_schema.constraint_column_usage u ON u.constraint_name = r.unique_constraint_name AND u.constraint_schema = r.unique_constraint_schema
     WHERE k.table_schema = current_schema() AND u.table_name = 'users' AND u.column_name = 'id'`,
  );
  const names = [account.sub, account.email].filter((name): name is string => Boolean(name)).map((name) => `%${name.toLowerCase()}%`);
  const found: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const idColumns = [
      ...(table === "users" ? ["id"] : []),
      ...references.filter((reference) => reference.table_name === table).map((reference) => reference.column_name),
    ];
    const parameters: string[] = idColumns.length > 0 ? [account.id, ...names] : names;
    const byId = idColumns.map((column) => `t.${quoted(column)}::text = $1::text`);
    const byName = names.map((_, i) => `lower(t::text) LIKE $${parameters.length - names.length + i + 1}::text`);
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${quoted(table)} t WHERE ${[...byId, ...byName].join(" OR ")}`,
      parameters,
    );
    if (row && row.n > 0) found[table] = row.n;
  }
  return found;
}
