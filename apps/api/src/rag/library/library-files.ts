import type { LibraryDocument, LibraryDocumentState } from "@oystar/api-client";
import type { Queryable } from "../../db/database";
import { extensionOf } from "../ingest/formats/extensions";
import { libraryMessages } from "./messages";

// Issue 48 §3: every document of a customer's index, one row each with the state the page shows.
// A row is made when its upload has arrived whole (never for a cut one), moves on its own while a
// server reads it, and goes with its document. Documents that came another way (the index request,
// `pnpm rag ingest`, an e-mail's attachments) get their row when the list is first read.

/** A queued or reading row whose server has not said it is alive for this long: that server stopped. */
const STALE_AFTER = "2 minutes";

type FileRow = {
  id: string;
  path: string;
  size: string;
  state: LibraryDocumentState;
  ocr_page: number | null;
  ocr_pages: number | null;
  passages: number | null;
  scanned: boolean;
  reason: string | null;
  first_passage: string | null;
  url: string | null;
  site_id: string | null;
};

const toDocument = (row: FileRow): LibraryDocument => ({
  id: row.id,
  path: row.path,
  size: Number(row.size),
  format: extensionOf(row.path).replace(/^\./, "") || "html",
  state: row.state,
  ocr: row.state === "reading" && row.ocr_pages ? { page: row.ocr_page ?? 1, pages: row.ocr_pages } : null,
  passages: row.passages,
  scanned: row.scanned,
  reason: row.reason,
  first_passage: row.first_passage,
  url: row.url,
  site: row.site_id,
});

/** Every document of the index, by path: rows made for documents that have none, stale readings settled. */
export async function libraryDocuments(db: Queryable, indexId: string): Promise<LibraryDocument[]> {
  await settleStaleReadings(db, indexId);
  await db.query(
    `INSERT INTO rag_library_files (index_id, path, size, state, passages)
     SELECT d.index_id, d.filename, d.bytes, 'indexed', (SELECT count(*) FROM rag_chunks c WHERE c.document_id = d.id)
     FROM rag_documents d
     WHERE d.index_id = $1 AND NOT EXISTS (SELECT 1 FROM rag_library_files f WHERE f.index_id = d.index_id AND f.path = d.filename)
     ON CONFLICT (index_id, path) DO NOTHING`,
    [indexId],
  );
  // A document removed another way (`pnpm rag ingest` replacing a folder, an e-mail losing an attachment).
  await db.query(
    `DELETE FROM rag_library_files f WHERE f.index_id = $1 AND f.state = 'indexed'
     AND NOT EXISTS (SELECT 1 FROM rag_documents d WHERE d.index_id = f.index_id AND d.filename = f.path)`,
    [indexId],
  );
  const rows = await db.query<FileRow>(
    `SELECT f.id::text, f.path, f.size::text, f.state, f.ocr_page, f.ocr_pages, f.passages, f.scanned, f.reason, f.site_id::text,
       d.url, (SELECT c.id::text FROM rag_chunks c WHERE c.document_id = d.id ORDER BY c.ordinal LIMIT 1) AS first_passage
     FROM rag_library_files f LEFT JOIN rag_documents d ON d.index_id = f.index_id AND d.filename = f.path
     WHERE f.index_id = $1 ORDER BY f.path`,
    [indexId],
  );
  return rows.map(toDocument);
}

/** A queued or reading row whose server stopped: refused, so that its owner sends it again. */
async function settleStaleReadings(db: Queryable, indexId: string) {
  const stale = await db.query<{ id: string; path: string }>(
    `SELECT id::text, path FROM rag_library_files
     WHERE index_id = $1 AND state IN ('queued', 'reading') AND heartbeat < now() - interval '${STALE_AFTER}'`,
    [indexId],
  );
  for (const row of stale) {
    await db.query(
      `UPDATE rag_library_files SET state = 'refused', reason = $2, ocr_page = NULL, ocr_pages = NULL, updated_at = now()
       WHERE id = $1 AND state IN ('queued', 'reading') AND heartbeat < now() - interval '${STALE_AFTER}'`,
      [row.id, libraryMessages.readingInterrupted(row.path)],
    );
  }
}

export type LibraryFile = { id: string; indexId: string; path: string; attempt: number; siteId: string | null };

/** The document `id` of the index, if it is there. */
export async function findLibraryFile(db: Queryable, indexId: string, id: string): Promise<LibraryFile | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.query<{ id: string; path: string; attempt: number; site_id: string | null }>(
    "SELECT id::text, path, attempt, site_id::text FROM rag_library_files WHERE index_id = $1 AND id = $2",
    [indexId, id],
  );
  return row ? { id: row.id, indexId, path: row.path, attempt: row.attempt, siteId: row.site_id } : null;
}

export type ArrivedFile = { path: string; size: number; refused: string | null };

/**
 * The rows of files that arrived whole, in one statement: queued for this server's reading, or
 * refused with their reason. A path already in the index keeps its row and id (the same file sent
 * again replaces itself), with its next attempt.
 */
export async function recordArrivals(
  db: Queryable,
  indexId: string,
  serverId: string,
  files: readonly ArrivedFile[],
): Promise<Array<{ id: string; path: string; attempt: number }>> {
  if (files.length === 0) return [];
  return db.query<{ id: string; path: string; attempt: number }>(
    `INSERT INTO rag_library_files AS f (index_id, path, size, state, reason, server_id)
     SELECT $1, u.path, u.size, CASE WHEN u.reason IS NULL THEN 'queued' ELSE 'refused' END, u.reason, $2
     FROM unnest($3::text[], $4::bigint[], $5::text[]) AS u(path, size, reason)
     ON CONFLICT (index_id, path) DO UPDATE SET size = EXCLUDED.size, state = EXCLUDED.state, reason = EXCLUDED.reason,
       server_id = EXCLUDED.server_id, attempt = f.attempt + 1, ocr_page = NULL, ocr_pages = NULL, heartbeat = now(), updated_at = now()
     RETURNING id::text, path, attempt`,
    [indexId, serverId, files.map((file) => file.path), files.map((file) => file.size), files.map((file) => file.refused)],
  );
}

/** The bytes a customer's queued and reading uploads will take at most: counted against its space before they are stored. */
export async function pendingBytes(db: Queryable, ownerId: string): Promise<number> {
  const [row] = await db.query<{ bytes: string }>(
    `SELECT coalesce(sum(f.size), 0)::text AS bytes FROM rag_library_files f JOIN rag_indexes i ON i.id = f.index_id
     WHERE i.owner_id = $1 AND f.state IN ('queued', 'reading') AND f.heartbeat >= now() - interval '${STALE_AFTER}'`,
    [ownerId],
  );
  return Number(row?.bytes ?? 0);
}
