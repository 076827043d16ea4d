import type { SiteChanges } from "@oystar/api-client";
import { createHash } from "node:crypto";
import type { Database } from "../../db/database";
import { log } from "../../observe/log";
import type { FetchedPage, PageRequest } from "../../web/guarded-fetch";
import { errorKind } from "../../web/log-line";
import { isIngestible } from "../ingest/formats/extensions";
import { deleteDocument, finishIngestion, ingestFile } from "../ingest/ingestion";
import { filenameForUrl } from "../ingest/url-filenames";
import type { RagEngine } from "../rag-engine";
import { findIndex, type RagIndex } from "../rag-store";
import { refusalOf } from "./library-reading";
import { libraryMessages } from "./messages";
import { inSite, isHtml, pageLinks, robotsRule, robotsSitemaps, sitemapEntries, siteScope, type SiteScope } from "./site-pages";

// Issue 48 §4: a website read into an index and kept in sync. Only its own pages (same origin, the
// path under the address given), its sitemap first, then the links it finds, as robots.txt allows,
// within a budget of pages, bytes and depth; one request at a time with a pause; every fetch
// through the guard against private addresses, never following a redirect out of the site. Each
// page is a document (its address the source the viewer links). Read again ('Aggiorna ora', and
// daily by whichever server claims it first), a page that has not changed costs one conditional
// request and no reading; a changed page is replaced, a vanished one removed.

export type PageFetcher = (url: string, request?: PageRequest) => Promise<FetchedPage>;

export type SiteBudget = { pages: number; bytes: number; depth: number; pauseMs: number };
/** Issue 48 §4's defaults: 500 pages, 20 MB, 4 levels below the address given, a second between requests. */
export const SITE_BUDGET: SiteBudget = { pages: 500, bytes: 20 * 1024 * 1024, depth: 4, pauseMs: 1000 };

/** How long a server holds a site it reads before another may take it over (renewed as it reads). */
const CLAIM = "10 minutes";
const CLAIM_RENEW_MS = 60_000;
/** How often each server looks for a site due for its daily reading. */
const DUE_CHECK_MS = 5 * 60_000;

type StoredPage = { url: string; path: string; etag: string | null; last_modified: string | null; content_hash: string; links: string[] };
type ClaimedSite = { id: string; indexId: string; url: string };

const hashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export class SiteReading {
  private dueTimer: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly engine: RagEngine,
    private readonly fetchPage: PageFetcher,
    private readonly budget: SiteBudget = SITE_BUDGET,
  ) {}

  /** Starts the daily re-reading: every few minutes this server takes one due site, if any server has not. */
  startDaily() {
    this.dueTimer ??= setInterval(() => void this.readDue(), DUE_CHECK_MS);
    this.dueTimer.unref();
  }

  /** Reads the sites due now, one after the other, each claimed so that no other server reads it too. */
  async readDue(): Promise<number> {
    let read = 0;
    for (;;) {
      const [site] = await this.db.query<{ id: string; index_id: string; url: string }>(
        `UPDATE rag_library_sites SET state = 'reading', claimed_until = now() + interval '${CLAIM}'
         WHERE id = (SELECT id FROM rag_library_sites WHERE next_read_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
                     ORDER BY next_read_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id::text, index_id::text, url`,
      );
      if (!site) return read;
      await this.read({ id: site.id, indexId: site.index_id, url: site.url });
      read += 1;
    }
  }

  /** Claims the site for this server now ('Aggiorna ora', a new site); false when another reading holds it. */
  async claim(siteId: string): Promise<ClaimedSite | null> {
    const [site] = await this.db.query<{ id: string; index_id: string; url: string }>(
      `UPDATE rag_library_sites SET state = 'reading', claimed_until = now() + interval '${CLAIM}'
       WHERE id = $1 AND (claimed_until IS NULL OR claimed_until < now()) RETURNING id::text, index_id::text, url`,
      [siteId],
    );
    return site ? { id: site.id, indexId: site.index_id, url: site.url } : null;
  }

  /** Reads a claimed site in the background. */
  readLater(site: ClaimedSite) {
    const reading = this.read(site).finally(() => this.running.delete(reading));
    this.running.add(reading);
  }

  /** Settles when this server reads no site (tests; a server that stops). */
  async idle() {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async close() {
    if (this.dueTimer) clearInterval(this.dueTimer);
    this.dueTimer = null;
    await this.idle();
  }

  private async read(site: ClaimedSite): Promise<void> {
    const renew = setInterval(
      () =>
        void this.db
          .query(`UPDATE rag_library_sites SET claimed_until = now() + interval '${CLAIM}' WHERE id = $1`, [site.id])
          .catch(() => undefined),
      CLAIM_RENEW_MS,
    );
    renew.unref();
    try {
      const outcome = await this.crawl(site);
      await this.db.query(
        `UPDATE rag_library_sites SET state = $2, error = $3, changes = coalesce($4, changes), pages = (SELECT count(*) FROM rag_library_site_pages WHERE site_id = $1),
           last_read_at = CASE WHEN $4::jsonb IS NULL THEN last_read_at ELSE now() END, next_read_at = now() + interval '1 day', claimed_until = NULL
         WHERE id = $1`,
        [site.id, outcome.error ? "failed" : "done", outcome.error, outcome.changes ? JSON.stringify(outcome.changes) : null],
      );
    } catch (error) {
      log.error({ kind: errorKind(error) }, "Biblioteca: lettura di un sito non riuscita");
      await this.db
        .query(
          "UPDATE rag_library_sites SET state = 'failed', error = $2, claimed_until = NULL, next_read_at = now() + interval '1 day' WHERE id = $1",
          [site.id, libraryMessages.siteStoppedByServer],
        )
        .catch(() => undefined);
    } finally {
      clearInterval(renew);
    }
  }

  /** One reading of the site: what it found new, changed and gone, or why it could not read it. */
  private async crawl(site: ClaimedSite): Promise<{ changes: SiteChanges | null; error: string | null }> {
    const index = await indexById(this.db, site.indexId);
    if (!index) return { changes: null, error: null };
    const scope = siteScope(site.url);
    const stored = new Map(
      (
        await this.db.query<StoredPage>(
          "SELECT url, path, etag, last_modified, content_hash, links FROM rag_library_site_pages WHERE site_id = $1",
          [site.id],
        )
      ).map((page) => [page.url, page]),
    );
    const visit = new Visit(this, scope, this.budget);
    const robots = await visit.text(`${scope.origin}/robots.txt`);
    const allowed = robotsRule(scope.origin, robots);
    // The sitemap's pages first (those in the site, as robots.txt allows), then the address given and its links.
    const queue: Array<{ url: string; depth: number }> = [];
    for (const page of await visit.sitemapPages([`${scope.origin}/sitemap.xml`, ...robotsSitemaps(scope.origin, robots)]))
      queue.push({ url: page, depth: 1 });
    const start = inSite(scope, site.url);
    if (start) queue.unshift({ url: start, depth: 0 });

    const seen = new Set<string>();
    const present = new Set<string>();
    const changes: SiteChanges = { added: 0, changed: 0, removed: 0 };
    let firstError: string | null = null;
    let cutShort = false;
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { url, depth } = next;
      if (seen.has(url) || !allowed(url)) continue;
      if (present.size >= this.budget.pages || visit.spent >= this.budget.bytes) {
        cutShort = true;
        break;
      }
      seen.add(url);
      const previous = stored.get(url);
      const page = await visit.page(url, previous);
      if (page.kind === "failed") {
        firstError ??= page.reason;
        // Not answered this time: kept as it was (a site down for an hour does not lose its pages).
        if (previous && !page.gone) present.add(url);
        continue;
      }
      present.add(url);
      const links = page.kind === "unchanged" ? (previous?.links ?? []) : page.links;
      if (page.kind === "fetched") {
        const result = await this.store(index, site, url, page, previous);
        if (result === "added") changes.added += 1;
        else if (result === "changed") changes.changed += 1;
        else if (result === "refused") present.delete(url);
      }
      if (depth < this.budget.depth)
        for (const link of links) {
          const target = inSite(scope, link, url);
          if (target && !seen.has(target)) queue.push({ url: target, depth: depth + 1 });
        }
    }
    // Pages of the last reading not found this time: gone from the site (unless the budget stopped the reading first).
    if (!cutShort)
      for (const page of stored.values()) {
        if (present.has(page.url)) continue;
        await deleteDocument(this.db, index, page.path);
        await this.db.query("DELETE FROM rag_library_files WHERE index_id = $1 AND path = $2", [index.id, page.path]);
        await this.db.query("DELETE FROM rag_library_site_pages WHERE site_id = $1 AND url = $2", [site.id, page.url]);
        changes.removed += 1;
      }
    await finishIngestion(this.db);
    if (present.size === 0) return { changes, error: firstError ? libraryMessages.siteUnreachable(firstError) : libraryMessages.siteEmpty };
    return { changes, error: null };
  }

  /** A fetched page into the index, as a document of its own (replacing its previous version), with its row. */
  private async store(
    index: RagIndex,
    site: ClaimedSite,
    url: string,
    { fetched: page, links }: { fetched: FetchedPage; links: string[] },
    previous: StoredPage | undefined,
  ): Promise<"added" | "changed" | "unchanged" | "refused"> {
    const path = previous?.path ?? filenameForUrl(page.url, page.contentType);
    const contentHash = hashOf(page.bytes);
    const validators = [page.etag ?? null, page.lastModified ?? null];
    if (previous?.content_hash === contentHash) {
      await this.db.query("UPDATE rag_library_site_pages SET etag = $3, last_modified = $4, links = $5 WHERE site_id = $1 AND url = $2", [
        site.id,
        url,
        ...validators,
        JSON.stringify(links),
      ]);
      return "unchanged";
    }
    if (!isIngestible(path)) return "refused";
    try {
      await ingestFile(
        this.db,
        index,
        { filename: path, bytes: page.bytes, sourceUrl: page.url },
        {
          embedder: this.engine.embedder,
          vectors: this.engine.vectors,
        },
      );
    } catch (error) {
      await this.recordRow(index, site, path, page.bytes.byteLength, { refused: refusalOf(error, path) });
      return previous ? "unchanged" : "refused";
    }
    await this.db.query(
      `INSERT INTO rag_library_site_pages (site_id, url, path, etag, last_modified, content_hash, links) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (site_id, url) DO UPDATE SET etag = EXCLUDED.etag, last_modified = EXCLUDED.last_modified, content_hash = EXCLUDED.content_hash, links = EXCLUDED.links`,
      [site.id, url, path, ...validators, contentHash, JSON.stringify(links)],
    );
    await this.recordRow(index, site, path, page.bytes.byteLength, { refused: null });
    return previous ? "changed" : "added";
  }

  private async recordRow(index: RagIndex, site: ClaimedSite, path: string, size: number, outcome: { refused: string | null }) {
    await this.db.query(
      `INSERT INTO rag_library_files AS f (index_id, path, size, state, reason, site_id, passages)
       VALUES ($1, $2, $3, $4, $5, $6, (SELECT count(c.id) FROM rag_documents d JOIN rag_chunks c ON c.document_id = d.id WHERE d.index_id = $1 AND d.filename = $2))
       ON CONFLICT (index_id, path) DO UPDATE SET size = EXCLUDED.size, state = EXCLUDED.state, reason = EXCLUDED.reason, site_id = EXCLUDED.site_id,
         passages = EXCLUDED.passages, updated_at = now()`,
      [index.id, path, size, outcome.refused ? "refused" : "indexed", outcome.refused, site.id],
    );
  }

  /** @internal the fetcher, for a Visit. */
  get fetcher() {
    return this.fetchPage;
  }
}

type PageVisit =
  { kind: "fetched"; fetched: FetchedPage; links: string[] } | { kind: "unchanged" } | { kind: "failed"; reason: string; gone: boolean };

/** One reading's requests: one at a time, a pause between two, counted against the byte budget. */
class Visit {
  spent = 0;
  private last = 0;

  constructor(
    private readonly reading: SiteReading,
    private readonly scope: SiteScope,
    private readonly budget: SiteBudget,
  ) {}

  private async fetch(url: string, headers?: Record<string, string>): Promise<FetchedPage> {
    const wait = this.last + this.budget.pauseMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      const page = await this.reading.fetcher(url, {
        ...(headers ? { headers } : {}),
        redirectAllowed: (target) => inSite(this.scope, target.toString()) !== null,
      });
      this.spent += page.bytes.byteLength;
      return page;
    } finally {
      this.last = Date.now();
    }
  }

  /** A text resource of the site (robots.txt, a sitemap), or null when it has none. */
  async text(url: string): Promise<string | null> {
    const page = await this.fetch(url).catch(() => null);
    return page && page.status === 200 ? new TextDecoder().decode(page.bytes) : null;
  }

  /** The pages the sitemaps list (a sitemap index followed one level), those in the site only. */
  async sitemapPages(sitemaps: readonly string[]): Promise<string[]> {
    const pages: string[] = [];
    const read = new Set<string>();
    const queue = sitemaps.map((url) => ({ url, nested: false }));
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { url, nested } = next;
      if (read.has(url) || !url.startsWith(this.scope.origin)) continue;
      read.add(url);
      const xml = await this.text(url);
      if (!xml) continue;
      const entries = sitemapEntries(xml);
      for (const page of entries.pages) {
        const address = inSite(this.scope, page);
        if (address) pages.push(address);
      }
      if (!nested) queue.push(...entries.sitemaps.map((sitemap) => ({ url: sitemap, nested: true })));
    }
    return pages;
  }

  /** A page, asked with its validators when it was read before: 304 is unchanged. */
  async page(url: string, previous: StoredPage | undefined): Promise<PageVisit> {
    const conditional: Record<string, string> = {};
    if (previous?.etag) conditional["If-None-Match"] = previous.etag;
    if (previous?.last_modified) conditional["If-Modified-Since"] = previous.last_modified;
    let fetched: FetchedPage;
    try {
      fetched = await this.fetch(url, conditional);
    } catch (error) {
      return { kind: "failed", reason: refusalOf(error, url), gone: false };
    }
    if (fetched.status === 304 && previous) return { kind: "unchanged" };
    if (fetched.status === 404 || fetched.status === 410) return { kind: "failed", reason: `Risposta ${fetched.status}`, gone: true };
    if (fetched.status < 200 || fetched.status >= 300) return { kind: "failed", reason: `Risposta ${fetched.status}`, gone: false };
    return { kind: "fetched", fetched, links: isHtml(fetched.contentType) ? pageLinks(new TextDecoder().decode(fetched.bytes)) : [] };
  }
}

async function indexById(db: Database, indexId: string): Promise<RagIndex | null> {
  const [row] = await db.query<{ name: string }>("SELECT name FROM rag_indexes WHERE id = $1", [indexId]);
  return row ? findIndex(db, row.name) : null;
}
