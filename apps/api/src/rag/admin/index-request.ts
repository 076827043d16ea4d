import { planById } from "@oystar/plans-and-gates";
import { urlLines, type IndexRequestList, type IndexRequestReport, type PlanId } from "@oystar/api-client";
import type { Database, Queryable } from "../../db/database";
import { UnsupportedDocumentError } from "../ingest/unsupported-document";
import { filenameForUrl } from "../ingest/url-filenames";
import { BlockedUrlError, FetchFailedError, type FetchedPage } from "../../web/guarded-fetch";
import { finishIngestion, ingestFile, StorageLimitError, type IngestResult } from "../ingest/ingestion";
import { DocumentReadingError } from "../ingest/document-reader";
import { UnreadablePdfTextError } from "../ingest/pdf-text";
import { READING_LIMITS } from "../ingest/reading-limits";
import type { RagEngine } from "../rag-engine";
import { ragMessages } from "../messages";
import { createIndex, deleteIndex, findIndex, indexNameFrom, ownerUsage, type RagIndex } from "../rag-store";

// spec 000 §5 (the indexing request form) → an index: an administrator turns a customer's
// request into an index they own, fetching its PDF and web addresses through the guarded
// fetcher. The customer's plan limits apply (spec 001 §9: Business 3 indexes, 100 MB).

export type IndexRequestDependencies = { fetchPage: (url: string) => Promise<FetchedPage> };

type Outcome = { ok: true; report: IndexRequestReport } | { ok: false; status: 400 | 404 | 409; error: string };

type RequestFields = { email?: string; company?: string; indexName?: string; pdfUrls?: string; websiteUrls?: string };

/** The addresses a request asks to index: its PDF links, then its web sites. */
const addressesOf = (fields: RequestFields) => [...urlLines(fields.pdfUrls ?? ""), ...urlLines(fields.websiteUrls ?? "")];

type ListRow = {
  id: string;
  fields: RequestFields;
  created_at: Date;
  status: "failed" | null;
  account_email: string | null;
  account_email_verified: boolean;
  plan: PlanId | null;
};

/**
 * A page of the requests still to be turned into an index — never tried, or whose last attempt
 * indexed nothing — oldest first, after the request `cursor` names (issue 22: the whole list
 * was one answer of megabytes). Each shows the account that sent it, the index's future owner.
 */
export async function pendingIndexRequests(
  db: Database,
  page: { limit: number; cursor?: string | undefined },
): Promise<IndexRequestList | null> {
  const after = page.cursor
    ? (await db.query<{ id: string }>("SELECT id::text FROM form_submissions WHERE id = $1 AND kind = 'index-request'", [page.cursor]))[0]
    : null;
  if (page.cursor && !after) return null;
  // The cursor's time is compared in the database: PostgreSQL keeps microseconds, which a
  // JavaScript Date would round away (and show a page's last rows again on the next).
  const rows = await db.query<ListRow>(
    `SELECT f.id::text, f.fields, f.created_at, r.status, coalesce(f.account_email, u.email) AS account_email, f.account_email_verified, u.plan
     FROM form_submissions f LEFT JOIN rag_index_request_runs r ON r.request_id = f.id LEFT JOIN users u ON u.id = f.user_id
     WHERE f.kind = 'index-request' AND (r.status IS NULL OR r.status = 'failed')
       AND ($1::uuid IS NULL OR (f.created_at, f.id) > ((SELECT created_at FROM form_submissions WHERE id = $1::uuid), $1::uuid))
     ORDER BY f.created_at, f.id LIMIT $2`,
    [after?.id ?? null, page.limit + 1],
  );
  const shown = rows.slice(0, page.limit);
  return {
    requests: shown.map((row) => ({
      id: row.id,
      email: row.fields.email ?? "",
      account: row.plan ? { email: row.account_email, email_verified: row.account_email_verified, plan: row.plan } : null,
      company: row.fields.company ?? "",
      index_name: row.fields.indexName ?? "",
      sites: addressesOf(row.fields),
      created_at: row.created_at.toISOString(),
      status: row.status ?? "pending",
    })),
    next_cursor: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** The outcome of an attempt, kept on the request: indexed when at least one document is in. */
async function recordRun(db: Queryable, requestId: string, outcome: Outcome): Promise<void> {
  const indexed = outcome.ok && outcome.report.documents.some((document) => document.status !== "failed");
  await db.query(
    `INSERT INTO rag_index_request_runs (request_id, index_name, status, report) VALUES ($1, $2, $3, $4)
     ON CONFLICT (request_id) DO UPDATE SET index_name = EXCLUDED.index_name, status = EXCLUDED.status, report = EXCLUDED.report, ran_at = now()`,
    [
      requestId,
      outcome.ok ? outcome.report.index : null,
      indexed ? "indexed" : "failed",
      JSON.stringify(outcome.ok ? outcome.report : { error: outcome.error }),
    ],
  );
}

/** Errors whose message tells the admin what went wrong with one address, as it is. */
const REPORTED_ERRORS = [
  BlockedUrlError,
  FetchFailedError,
  StorageLimitError,
  DocumentReadingError,
  UnsupportedDocumentError,
  UnreadablePdfTextError,
];

/** A scanned document's line says what OCR read (issue 34). */
const ocrOf = ({ ocr }: IngestResult) =>
  ocr ? { ocr: { pages: ocr.pages.length, confidence: ocr.confidence, unreadable_pages: ocr.unreadable } } : {};

/** What the admin's report says of a document that failed: its known reason, or that it could not be read — by name (issue 54 §5). */
const reportedMessage = (error: unknown, address: string) =>
  REPORTED_ERRORS.some((kind) => error instanceof kind)
    ? (error as Error).message
    : ragMessages.documents.unreadableFile(lastName(address));

/** The last part of an address: the file's name as its site gave it. */
function lastName(address: string): string {
  const last = address.split(/[/#?]/).filter(Boolean).pop() ?? address;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** A request checked and its index made or found: what the build reads, and into which index. */
export type PreparedBuild = { requestId: string; index: RagIndex; created: boolean; ownerEmail: string | null; urls: string[] };

/** How far a build is, address by address (issue 34 §2: the admin's live progress). */
export type BuildProgress = {
  reading(url: string): void;
  ocrPage(url: string, done: number, total: number): void;
  finished(url: string, failed: boolean): void;
};

/**
 * The part of a build answered at once: the request exists and can be indexed, its index name is
 * free or the customer's own, the plan allows one more index. Its refusals are kept on the request
 * (the admin's list), as a build's outcome is.
 */
export async function prepareBuild(
  db: Database,
  requestId: string,
): Promise<{ ok: true; build: PreparedBuild } | Extract<Outcome, { ok: false }>> {
  const prepared = await checkRequest(db, requestId);
  if (!prepared.ok && prepared.status !== 404) await recordRun(db, requestId, prepared);
  return prepared;
}

/** The documents read into the index, one address at a time: the build's report (to keep with recordReport). */
export const runBuild = (
  deps: { db: Database; engine: RagEngine } & IndexRequestDependencies,
  build: PreparedBuild,
  progress: BuildProgress,
): Promise<IndexRequestReport> => readDocuments(deps, build, progress);

/** A build's report kept on its request (the admin's list: indexed, or failed when nothing went in). */
export const recordReport = (db: Queryable, requestId: string, report: IndexRequestReport) =>
  recordRun(db, requestId, { ok: true, report });

/** A broken-off build kept on its request: it stays on the admin's list, as failed. */
export const recordBrokenBuild = (db: Queryable, requestId: string, error: string) =>
  recordRun(db, requestId, { ok: false, status: 409, error });

async function isEmpty(db: Database, indexId: string): Promise<boolean> {
  return (await db.query("SELECT 1 FROM rag_documents WHERE index_id = $1 LIMIT 1", [indexId])).length === 0;
}

async function checkRequest(
  db: Database,
  requestId: string,
): Promise<{ ok: true; build: PreparedBuild } | Extract<Outcome, { ok: false }>> {
  if (!/^[0-9a-f-]{36}$/i.test(requestId)) return { ok: false, status: 404, error: ragMessages.requestNotFound };
  const [request] = await db.query<{ user_id: string | null; fields: RequestFields; plan: PlanId | null; email: string | null }>(
    `SELECT f.user_id::text, f.fields, u.plan, u.email FROM form_submissions f LEFT JOIN users u ON u.id = f.user_id
     WHERE f.id = $1 AND f.kind = 'index-request'`,
    [requestId],
  );
  if (!request?.user_id || !request.plan) return { ok: false, status: 404, error: ragMessages.requestNotFound };
  const urls = addressesOf(request.fields);
  if (urls.length === 0) return { ok: false, status: 400, error: ragMessages.requestNotIndexable };

  const plan = planById(request.plan);
  const name = indexNameFrom(request.fields.indexName ?? "indice");
  let index = await findIndex(db, name);
  if (index && index.ownerId !== request.user_id) return { ok: false, status: 409, error: ragMessages.indexNameTaken(name) };
  const created = !index;
  if (!index) {
    const usage = await ownerUsage(db, request.user_id);
    if (plan.rag_indices_limit !== -1 && usage.indexes >= plan.rag_indices_limit)
      return { ok: false, status: 409, error: ragMessages.indexLimit(plan.rag_indices_limit) };
    index = await createIndex(db, { name, ownerId: request.user_id });
  }
  return { ok: true, build: { requestId, index, created, ownerEmail: request.email, urls } };
}

async function readDocuments(
  deps: { db: Database; engine: RagEngine } & IndexRequestDependencies,
  build: PreparedBuild,
  progress: BuildProgress,
): Promise<IndexRequestReport> {
  const { db, engine } = deps;
  const { index, created, urls } = build;
  const documents: IndexRequestReport["documents"] = [];
  // issue 33: the request's documents share one budget of text, read off the server's thread.
  let charactersLeft: number = READING_LIMITS.maxCharactersPerRequest;
  for (const url of urls) {
    progress.reading(url);
    const before = documents.length;
    try {
      const page = await deps.fetchPage(url);
      if (page.status < 200 || page.status >= 300) throw new FetchFailedError(ragMessages.documents.httpStatus(page.status));
      const file = { filename: filenameForUrl(page.url, page.contentType), bytes: page.bytes, sourceUrl: page.url };
      const result = await ingestFile(db, index, file, {
        embedder: engine.embedder,
        vectors: engine.vectors,
        charactersLeft,
        onOcrPage: (done, total) => progress.ocrPage(url, done, total),
      });
      charactersLeft -= result.characters;
      documents.push({ url, status: result.status, chunks: result.chunks, ...ocrOf(result) });
      // An e-mail's attachments are documents of their own: each has its line, under the e-mail's address.
      for (const attachment of result.attachments ?? []) {
        const address = `${url}#${attachment.filename.slice(file.filename.length + 1)}`;
        if ("error" in attachment) documents.push({ url: address, status: "failed", error: reportedMessage(attachment.error, address) });
        else {
          charactersLeft -= attachment.characters;
          documents.push({ url: address, status: attachment.status, chunks: attachment.chunks, ...ocrOf(attachment) });
        }
      }
    } catch (error) {
      documents.push({ url, status: "failed", error: reportedMessage(error, url) });
    }
    progress.finished(url, documents[before]?.status === "failed");
  }
  await finishIngestion(db);
  // issue 22: an index this attempt made and nothing went into would count toward the plan's
  // limit (Business 3) while holding nothing: it goes, and the request stays on the list as failed.
  // So does an empty one an earlier attempt left (issue 33: the server died reading a document).
  if (documents.every((document) => document.status === "failed") && (created || (await isEmpty(db, index.id))))
    await deleteIndex(db, index);
  return { index: index.name, owner_email: build.ownerEmail, documents };
}
