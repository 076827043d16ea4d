import type { LibrarySite, SiteChanges } from "@oystar/api-client";
import type { Queryable } from "../../db/database";

// Issue 48 §4: the websites an index keeps in sync, as their owner sees them.

type SiteRow = {
  id: string;
  url: string;
  state: LibrarySite["state"];
  pages: number;
  last_read_at: Date | null;
  changes: SiteChanges | null;
  error: string | null;
};

const toSite = (row: SiteRow): LibrarySite => ({
  id: row.id,
  url: row.url,
  state: row.state,
  pages: row.pages,
  last_read_at: row.last_read_at ? new Date(row.last_read_at).toISOString() : null,
  changes: row.changes,
  error: row.error,
});

/** The index's websites, in the order they were added. */
export async function librarySites(db: Queryable, indexId: string): Promise<LibrarySite[]> {
  const rows = await db.query<SiteRow>(
    `SELECT id::text, url, state, pages, last_read_at, changes, error FROM rag_library_sites WHERE index_id = $1 ORDER BY created_at, url`,
    [indexId],
  );
  return rows.map(toSite);
}

export async function findLibrarySite(db: Queryable, indexId: string, id: string): Promise<LibrarySite | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.query<SiteRow>(
    "SELECT id::text, url, state, pages, last_read_at, changes, error FROM rag_library_sites WHERE index_id = $1 AND id = $2",
    [indexId, id],
  );
  return row ? toSite(row) : null;
}
