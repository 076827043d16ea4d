import type { Queryable } from "./database";

/**
 * The deployment's secret called `name`: the one stored, or — the first time — `make()`'s, stored
 * for every server. Servers starting at once may each make one; one statement keeps the first
 * and every server reads that one back.
 */
export async function sharedSecret(db: Queryable, name: string, make: () => Promise<string>): Promise<string> {
  const [stored] = await db.query<{ value: string }>("SELECT value FROM shared_secrets WHERE name = $1", [name]);
  if (stored) return stored.value;
  const made = await make();
  const [kept] = await db.query<{ value: string }>(
    `INSERT INTO shared_secrets (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET name = shared_secrets.name
     RETURNING value`,
    [name, made],
  );
  if (!kept) throw new Error(`shared secret ${name} not stored`);
  return kept.value;
}
