import { planById } from "@oystar/plans-and-gates";
import { urlLines, type PlanId } from "@oystar/api-client";
import type { Database } from "../db/database";
import { isIngestible } from "./document-text";
import { BlockedUrlError, FetchFailedError, type FetchedPage } from "./guarded-fetch";
import { finishIngestion, ingestFile, StorageLimitError } from "./ingestion";
import type { RagEngine } from "./rag-engine";
import { ragMessages } from "./messages";
import { createIndex, findIndex, indexNameFrom, ownerUsage } from "./rag-store";

// spec 000 §5 (the indexing request form) → an index: an administrator turns a customer's
// request into an index they own, fetching its PDF and web addresses through the guarded
// fetcher. The customer's plan limits apply (spec 001 §9: Business 3 indexes, 100 MB).

export type IndexRequestDependencies = { fetchPage: (url: string) => Promise<FetchedPage> };

export type IndexRequestReport = {
  index: string;
  owner_email: string | null;
  documents: Array<{ url: string; status: "added" | "replaced" | "unchanged" | "failed"; chunks?: number; error?: string }>;
};

type Outcome = { ok: true; report: IndexRequestReport } | { ok: false; status: 400 | 404 | 409; error: string };

/** A file name for a fetched address: host and path, with the extension its content has. */
export function filenameForUrl(url: string, contentType: string | null): string {
  const parsed = new URL(url);
  const base = `${parsed.hostname}${parsed.pathname}`.replace(/\/+$/, "").replace(/[^a-zA-Z0-9._-]+/g, "_").slice(0, 180);
  if (isIngestible(base)) return base;
  const type = (contentType ?? "").toLowerCase();
  if (type.includes("pdf")) return `${base}.pdf`;
  if (type.includes("text/plain")) return `${base}.txt`;
  return `${base}.html`;
}

export async function indexFromRequest(deps: { db: Database; engine: RagEngine } & IndexRequestDependencies, requestId: string): Promise<Outcome> {
  const { db, engine } = deps;
  if (!/^[0-9a-f-]{36}$/i.test(requestId)) return { ok: false, status: 404, error: ragMessages.requestNotFound };
  const [request] = await db.query<{ user_id: string | null; fields: { indexName?: string; pdfUrls?: string; websiteUrls?: string }; plan: PlanId | null; email: string | null }>(
    `SELECT f.user_id::text, f.fields, u.plan, u.email FROM form_submissions f LEFT JOIN users u ON u.id = f.user_id
     WHERE f.id = $1 AND f.kind = 'index-request'`,
    [requestId],
  );
  if (!request?.user_id || !request.plan) return { ok: false, status: 404, error: ragMessages.requestNotFound };
  const urls = [...urlLines(request.fields.pdfUrls ?? ""), ...urlLines(request.fields.websiteUrls ?? "")];
  if (urls.length === 0) return { ok: false, status: 400, error: ragMessages.requestNotIndexable };

  const plan = planById(request.plan);
  const name = indexNameFrom(request.fields.indexName ?? "indice");
  let index = await findIndex(db, name);
  if (index && index.ownerId !== request.user_id) return { ok: false, status: 409, error: ragMessages.indexNameTaken(name) };
  if (!index) {
    const usage = await ownerUsage(db, request.user_id);
    if (plan.rag_indices_limit !== -1 && usage.indexes >= plan.rag_indices_limit) return { ok: false, status: 409, error: ragMessages.indexLimit(plan.rag_indices_limit) };
    index = await createIndex(db, { name, ownerId: request.user_id });
  }

  const documents: IndexRequestReport["documents"] = [];
  for (const url of urls) {
    try {
      const page = await deps.fetchPage(url);
      if (page.status < 200 || page.status >= 300) throw new FetchFailedError(ragMessages.documents.httpStatus(page.status));
      const result = await ingestFile(db, index, { filename: filenameForUrl(page.url, page.contentType), bytes: page.bytes, sourceUrl: page.url }, { embedder: engine.embedder, vectors: engine.vectors });
      documents.push({ url, status: result.status, chunks: result.chunks });
    } catch (error) {
      const known = error instanceof BlockedUrlError || error instanceof FetchFailedError || error instanceof StorageLimitError;
      documents.push({ url, status: "failed", error: known ? (error as Error).message : ragMessages.documents.unreadable });
    }
  }
  await finishIngestion(db);
  return { ok: true, report: { index: index.name, owner_email: request.email, documents } };
}
