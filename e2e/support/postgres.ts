import pg from "pg";

/**
 * A database made afresh (dropped first if a run before left it) on the PostgreSQL that
 * TEST_POSTGRES_URL names, for `pnpm test:postgres` (issue 28 §1); its connection string.
 */
export async function freshDatabase(name: string): Promise<string> {
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error("E2E_DATABASE=postgres vuole TEST_POSTGRES_URL (un PostgreSQL su cui creare database).");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
