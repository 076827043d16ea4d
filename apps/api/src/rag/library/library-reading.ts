import { availableParallelism } from "node:os";
import { readFile, rm } from "node:fs/promises";
import { basename } from "node:path";
import type { Database } from "../../db/database";
import { FetchFailedError, BlockedUrlError } from "../../web/guarded-fetch";
import { DocumentReadingError } from "../ingest/document-reader";
import { deleteDocument, finishIngestion, ingestFile, StorageLimitError } from "../ingest/ingestion";
import { UnreadablePdfTextError } from "../ingest/pdf-text";
import { UnsupportedDocumentError } from "../ingest/unsupported-document";
import { ragMessages } from "../messages";
import type { RagEngine } from "../rag-engine";
import type { RagIndex } from "../rag-store";
import { log } from "../../observe/log";
import { errorKind } from "../../web/log-line";

// Issue 48 §2–§3: the uploads this server received, read one after the other by the bounded
// reading processes (document-reader.ts) and stored as `pnpm rag ingest` stores them — each
// document whole in one transaction, replacing its previous version at once, or not at all. Each
// row's state moves as it goes ('Lettura', OCR's page, 'Indicizzato' or 'Rifiutato: <motivo>'),
// and the server says every little while that the uploads on its disk are still in its hands.

/** Errors whose message says, in Italian and by name, why a document was refused. */
const EXPLAINED = [
  StorageLimitError,
  DocumentReadingError,
  UnsupportedDocumentError,
  UnreadablePdfTextError,
  BlockedUrlError,
  FetchFailedError,
];

/** The reason a refused document's row gives: the reader's own, or that the file does not read — by name. */
export const refusalOf = (error: unknown, path: string) =>
  EXPLAINED.some((kind) => error instanceof kind) ? (error as Error).message : ragMessages.documents.unreadableFile(basename(path));

export type ReadingJob = { fileId: string; attempt: number; index: RagIndex; path: string; spool: string };

/** How often a server says its queued uploads are still in its hands (libraryDocuments' STALE_AFTER is 2 minutes). */
const HEARTBEAT_MS = 20_000;
/** OCR's progress is written at most this often per document (the page polls about as often). */
const PROGRESS_MS = 700;
/** How long the queue stays empty before the statistics are gathered. */
const STATISTICS_AFTER_MS = 5000;
/** Documents read at once: the reading processes' count (one per core, at most 4, document-reader.ts). */
const AT_ONCE = Math.max(1, Math.min(4, availableParallelism()));

export class LibraryReading {
  private readonly waiting: ReadingJob[] = [];
  private running = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  private statistics: NodeJS.Timeout | null = null;
  private idle: Array<() => void> = [];

  constructor(
    private readonly db: Database,
    private readonly engine: RagEngine,
    readonly serverId: string,
  ) {}

  add(jobs: readonly ReadingJob[]) {
    this.waiting.push(...jobs);
    if (this.statistics) clearTimeout(this.statistics);
    this.statistics = null;
    this.heartbeat ??= setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.next();
  }

  /** Settles when nothing is waiting or being read (tests, and a server that stops). */
  drained(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /**
   * A stopping server: what waits is let go (its rows are settled as interrupted once this server
   * has stopped saying it holds them), what is being read finishes, for at most `withinMs`.
   */
  async close(withinMs = 10_000) {
    const letGo = this.waiting.splice(0);
    await Promise.all(letGo.map((job) => rm(job.spool, { force: true })));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.drained(), new Promise((resolve) => (timer = setTimeout(resolve, withinMs)))]);
    clearTimeout(timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (this.statistics) clearTimeout(this.statistics);
    this.statistics = null;
  }

  private next() {
    while (this.running < AT_ONCE) {
      const job = this.waiting.shift();
      if (!job) break;
      this.running += 1;
      void this.read(job)
        .catch((error: unknown) => log.error({ kind: errorKind(error) }, "Biblioteca: lettura di un documento non riuscita"))
        .finally(() => {
          this.running -= 1;
          this.next();
          if (this.running === 0 && this.waiting.length === 0) this.settleBatch();
        });
    }
  }

  /**
   * Nothing left to read: whoever waits is told, and once the queue has stayed empty a few seconds
   * (a folder arrives in batches) the planner's statistics are gathered once (finishIngestion) —
   * ANALYZE over every passage is seconds of the embedded database's thread, not to be paid per batch.
   */
  private settleBatch() {
    for (const resolve of this.idle.splice(0)) resolve();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (this.statistics) clearTimeout(this.statistics);
    this.statistics = setTimeout(() => {
      this.statistics = null;
      if (this.running === 0 && this.waiting.length === 0) void finishIngestion(this.db).catch(() => undefined);
    }, STATISTICS_AFTER_MS);
    this.statistics.unref();
  }

  private async beat() {
    await this.db
      .query("UPDATE rag_library_files SET heartbeat = now() WHERE server_id = $1 AND state IN ('queued', 'reading')", [this.serverId])
      .catch(() => undefined);
  }

  private async read(job: ReadingJob) {
    const { db, engine } = this;
    try {
      // Its turn: unless it was removed or sent again meanwhile (then that upload's reading stores it).
      const claimed = await db.query(
        "UPDATE rag_library_files SET state = 'reading', heartbeat = now(), updated_at = now() WHERE id = $1 AND attempt = $2 AND state = 'queued' RETURNING id",
        [job.fileId, job.attempt],
      );
      if (claimed.length === 0) return;
      const progress = progressWriter(db, job);
      let outcome: { passages: number; scanned: boolean } | { refused: string };
      try {
        const bytes = new Uint8Array(await readFile(job.spool));
        // Off the disk as soon as it is read: a document seen settled has left nothing there.
        await rm(job.spool, { force: true });
        const result = await ingestFile(
          db,
          job.index,
          { filename: job.path, bytes },
          {
            embedder: engine.embedder,
            vectors: engine.vectors,
            onOcrPage: progress.page,
          },
        );
        outcome = { passages: await passagesOf(db, job), scanned: result.ocr !== undefined || (await wasScanned(db, job, result.status)) };
      } catch (error) {
        outcome = { refused: refusalOf(error, job.path) };
      }
      await progress.done();
      const settled = await db.query(
        `UPDATE rag_library_files SET state = $3, passages = $4, scanned = $5, reason = $6, ocr_page = NULL, ocr_pages = NULL, updated_at = now()
         WHERE id = $1 AND attempt = $2 RETURNING id`,
        [
          job.fileId,
          job.attempt,
          "refused" in outcome ? "refused" : "indexed",
          "refused" in outcome ? null : outcome.passages,
          "refused" in outcome ? false : outcome.scanned,
          "refused" in outcome ? outcome.refused : null,
        ],
      );
      // Removed while it was read: what was just stored goes too (the removal already answered).
      if (settled.length === 0 && !("refused" in outcome)) {
        const [still] = await db.query("SELECT 1 FROM rag_library_files WHERE index_id = $1 AND path = $2", [job.index.id, job.path]);
        if (!still) await deleteDocument(db, job.index, job.path);
      }
    } catch (error) {
      // The database, not the document: the row says it was not indexed, rather than reading forever.
      await db
        .query(
          "UPDATE rag_library_files SET state = 'refused', reason = $3, updated_at = now() WHERE id = $1 AND attempt = $2 AND state IN ('queued', 'reading')",
          [job.fileId, job.attempt, ragMessages.documents.unreadableFile(basename(job.path))],
        )
        .catch(() => undefined);
      throw error;
    } finally {
      await rm(job.spool, { force: true });
    }
  }
}

/** A document's passages as stored now. */
async function passagesOf(db: Database, job: ReadingJob): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    "SELECT count(c.id)::int AS n FROM rag_documents d JOIN rag_chunks c ON c.document_id = d.id WHERE d.index_id = $1 AND d.filename = $2",
    [job.index.id, job.path],
  );
  return row?.n ?? 0;
}

/** A document sent again unchanged was not read: it was scanned when its words were read by OCR. */
async function wasScanned(db: Database, job: ReadingJob, status: string): Promise<boolean> {
  if (status !== "unchanged") return false;
  const [row] = await db.query<{ scanned: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM rag_documents d JOIN rag_ocr_pages p ON p.document_id = d.id WHERE d.index_id = $1 AND d.filename = $2) AS scanned",
    [job.index.id, job.path],
  );
  return row?.scanned ?? false;
}

/** OCR's page of a scan, written to the row at most every PROGRESS_MS, the latest last. */
function progressWriter(db: Database, job: ReadingJob) {
  let latest: { page: number; pages: number } | null = null;
  let writtenAt = 0;
  let writing: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const write = () => {
    timer = null;
    writtenAt = Date.now();
    const shown = latest;
    if (!shown) return;
    writing = writing.then(() =>
      db
        .query(
          "UPDATE rag_library_files SET ocr_page = $3, ocr_pages = $4, heartbeat = now() WHERE id = $1 AND attempt = $2 AND state = 'reading'",
          [job.fileId, job.attempt, shown.page, shown.pages],
        )
        .catch(() => undefined),
    );
  };
  return {
    page: (done: number, total: number) => {
      latest = { page: Math.min(done + 1, total), pages: total };
      if (timer) return;
      const wait = Math.max(0, writtenAt + PROGRESS_MS - Date.now());
      timer = setTimeout(write, wait);
    },
    done: async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      await writing;
    },
  };
}
