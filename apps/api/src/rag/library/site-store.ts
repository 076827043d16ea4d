import type { LibrarySite, SiteChanges } from "@oystar/api-client";
import type { Queryable } from "../../db/database";
import { libraryMessages } from "./messages";

// Issue 48 §4: the websites an index keeps in sync, as their owner sees them.

type SiteRow = {
  id: string;
  url: string;
  state: LibrarySite["state"];
  pages: number;
  last_read_at: Date | null;
  changes: SiteChanges | null;
  error: string | null;
  stopped: boolean;
};

const COLUMNS = "id::text, url, state, pages, last_read_at, changes, error, (state = 'reading' AND claimed_until < now()) AS stopped";

/** A reading whose server stopped holding it (its claim ran out) is shown failed, to be read again. */
const toSite = (row: SiteRow): LibrarySite => ({
  id: row.id,
  url: row.url,
  state: row.stopped ? "failed" : row.state,
  pages: row.pages,
  last_read_at: row.last_read_at ? new Date(row.last_read_at).toISOString() : null,
  changes: row.changes,
  error: row.stopped ? libraryMessages.siteStoppedByServer : row.error,
});

/** The index's websites, in the order they were added. */
export async function librarySites(db: Queryable, indexId: string): Promise<LibrarySite[]> {
  const rows = await db.query<SiteRow>(`SELECT ${COLUMNS} FROM rag_library_sites WHERE index_id = $1 ORDER BY created_at, url`, [indexId]);
  return rows.map(toSite);
}

export async function findLibrarySite(db: Queryable, indexId: string, id: string): Promise<LibrarySite | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.query<SiteRow>(`SELECT ${COLUMNS} FROM rag_library_sites WHERE index_id = $1 AND id = $2`, [indexId, id]);
  return row ? toSite(row) : null;
}

export type AddedSite = { ok: true; id: string } | { ok: false; status: 409; error: string };

/** A new site of the index, due at once; refused when the index already reads that address. */
export async function addLibrarySite(db: Queryable, indexId: string, url: string): Promise<AddedSite> {
  const [row] = await db.query<{ id: string }>(
    "INSERT INTO rag_library_sites (index_id, url) VALUES ($1, $2) ON CONFLICT (index_id, url) DO NOTHING RETURNING id::text",
    [indexId, url],
  );
  return row ? { ok: true, id: row.id } : { ok: false, status: 409, error: libraryMessages.siteTaken };
}
