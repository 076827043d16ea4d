import { availableParallelism } from "node:os";
import { readFile, rm } from "node:fs/promises";
import { basename } from "node:path";
import type { Database } from "../../db/database";
import { FetchFailedError, BlockedUrlError } from "../../web/guarded-fetch";
import { DocumentReadingError } from "../ingest/document-reader";
import {
  deleteDocument,
  finishIngestion,
  readForStoring,
  StorageLimitError,
  storeReadDocuments,
  type DocumentInput,
  type IngestOutcome,
  type IngestResult,
} from "../ingest/ingestion";
import { UnreadablePdfTextError } from "../ingest/pdf-text";
import { UnsupportedDocumentError } from "../ingest/unsupported-document";
import { ragMessages } from "../messages";
import type { RagEngine } from "../rag-engine";
import type { RagIndex } from "../rag-store";
import { log } from "../../observe/log";
import { errorKind } from "../../web/log-line";
import { required } from "../../required";

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

/** `size`: the upload's bytes, held in memory from its reading until it is stored. */
export type ReadingJob = { fileId: string; attempt: number; index: RagIndex; path: string; spool: string; size: number };

/** How often a server says its queued uploads are still in its hands (libraryDocuments' STALE_AFTER is 2 minutes). */
const HEARTBEAT_MS = 20_000;
/** OCR's progress is written at most this often per document (the page polls about as often). */
const PROGRESS_MS = 700;
/** How long the queue stays empty before the statistics are gathered. */
const STATISTICS_AFTER_MS = 5000;
/** Documents read at once: the reading processes' count (one per core, at most 4, document-reader.ts). */
const AT_ONCE = Math.max(1, Math.min(4, availableParallelism()));
/**
 * Documents stored in one transaction, at most. Stored one by one, each document cost a dozen
 * statements of the embedded database on the thread that answers questions — 2.5× `pnpm rag
 * ingest`'s time for a folder (issue 48 §7). Together, the statistics and bookkeeping are paid once
 * a group; a group is what was read while the previous one was stored, so a lone upload is not
 * kept waiting. Kept small because a question waits for the whole transaction on PGlite.
 */
const GROUP_DOCUMENTS = 16;
/** How long a read upload may wait for the others being read, to be stored with them. */
const GROUP_LINGER_MS = 150;
/** …and passages per group (one INSERT of them, ingestion.ts' INSERT_BATCH). */
const GROUP_PASSAGES = 100;
/**
 * Documents handed to the reading processes at once: a few for each, so that one that finishes
 * finds its next document waiting rather than idling until this thread — busy with the database —
 * has claimed one for it (`pnpm rag ingest` hands them the whole folder).
 */
const READ_AHEAD = 4 * AT_ONCE;
/** Uploads in hand at once (being read, read, or being stored)… */
const IN_HAND = READ_AHEAD + GROUP_DOCUMENTS;
/** …and their bytes, past the first: 100 MB files are not held by the dozen. */
const IN_HAND_BYTES = 64 * 1024 * 1024;

/** A claimed upload, read (or refused) and waiting to be stored with the others read meanwhile. */
type ReadUpload = {
  job: ReadingJob;
  readAt: number;
  progress: ReturnType<typeof progressWriter>;
  read: { document: DocumentInput } | { unchanged: IngestResult } | { refused: string };
};

export class LibraryReading {
  private readonly waiting: ReadingJob[] = [];
  /** Uploads taken from `waiting` and not yet settled: being read, read, or being stored. */
  private running = 0;
  /** …of which in the reading processes' hands (the others are read, waiting to be stored, or being stored). */
  private reading = 0;
  private bytesInHand = 0;
  private readonly read: ReadUpload[] = [];
  private storing = false;
  private linger: NodeJS.Timeout | null = null;
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
    for (;;) {
      const job = this.waiting[0];
      if (!job || this.running >= IN_HAND || this.reading >= READ_AHEAD) break;
      if (this.running > 0 && this.bytesInHand + job.size > IN_HAND_BYTES) break;
      this.waiting.shift();
      this.running += 1;
      this.reading += 1;
      this.bytesInHand += job.size;
      void this.readUpload(job)
        .finally(() => (this.reading -= 1))
        .then(
          (read) => {
            if (read) this.read.push(read);
            else this.done([job]);
            this.next();
            void this.storeRead();
          },
          async (error: unknown) => {
            log.error({ kind: errorKind(error) }, "Biblioteca: lettura di un documento non riuscita");
            // The database, not the document: the row says it was not indexed, rather than waiting forever.
            await this.db
              .query(
                "UPDATE rag_library_files SET state = 'refused', reason = $3, updated_at = now() WHERE id = $1 AND attempt = $2 AND state IN ('queued', 'reading')",
                [job.fileId, job.attempt, ragMessages.documents.unreadableFile(basename(job.path))],
              )
              .catch(() => undefined);
            this.done([job]);
          },
        );
    }
  }

  /** These uploads settled: the next ones start, and an empty queue settles the batch. */
  private done(jobs: readonly ReadingJob[]) {
    this.running -= jobs.length;
    this.bytesInHand -= jobs.reduce((sum, job) => sum + job.size, 0);
    this.next();
    if (this.running === 0 && this.waiting.length === 0) this.settleBatch();
  }

  /** Claims an upload and reads it (the reading processes do, off this thread); null when it is no longer this reading's. */
  private async readUpload(job: ReadingJob): Promise<ReadUpload | null> {
    const { db, engine } = this;
    // Its turn: unless it was removed or sent again meanwhile (then that upload's reading stores it).
    const claimed = await db
      .query(
        "UPDATE rag_library_files SET state = 'reading', heartbeat = now(), updated_at = now() WHERE id = $1 AND attempt = $2 AND state = 'queued' RETURNING id",
        [job.fileId, job.attempt],
      )
      .catch(async (error: unknown) => {
        await rm(job.spool, { force: true });
        throw error;
      });
    if (claimed.length === 0) {
      await rm(job.spool, { force: true });
      return null;
    }
    const progress = progressWriter(db, job);
    let read: ReadUpload["read"];
    try {
      const bytes = new Uint8Array(await readFile(job.spool));
      // Off the disk as soon as it is read: a document seen settled has left nothing there.
      await rm(job.spool, { force: true });
      const input = await readForStoring(
        db,
        job.index,
        { filename: job.path, bytes },
        { embedder: engine.embedder, vectors: engine.vectors, onOcrPage: progress.page },
      );
      read = "status" in input ? { unchanged: input } : { document: input };
    } catch (error) {
      read = { refused: refusalOf(error, job.path) };
    } finally {
      await rm(job.spool, { force: true });
    }
    return { job, progress, read, readAt: performance.now() };
  }

  /**
   * The read uploads wait for the others being read, GROUP_LINGER_MS at most from the first read,
   * to be stored with them: read as fast as it is stored, each would be stored on its own.
   */
  private lingers() {
    const first = this.read[0];
    if (!first || this.read.length >= GROUP_DOCUMENTS || this.reading === 0) return false;
    const left = first.readAt + GROUP_LINGER_MS - performance.now();
    if (left <= 0) return false;
    this.linger ??= setTimeout(() => {
      this.linger = null;
      void this.storeRead();
    }, left);
    return true;
  }

  /** One group at a time: what was read meanwhile, stored together, then each row settled. */
  private async storeRead() {
    if (this.storing || this.lingers()) return;
    this.storing = true;
    try {
      for (let group = this.lingers() ? [] : this.takeGroup(); group.length > 0; group = this.lingers() ? [] : this.takeGroup()) {
        await this.storeGroup(group).catch(async (error: unknown) => {
          // The database, not the documents: the rows say they were not indexed, rather than reading forever.
          log.error({ kind: errorKind(error) }, "Biblioteca: lettura di un documento non riuscita");
          await this.db
            .query(
              `UPDATE rag_library_files f SET state = 'refused', reason = u.reason, updated_at = now()
               FROM unnest($1::uuid[], $2::int[], $3::text[]) AS u(id, attempt, reason)
               WHERE f.id = u.id AND f.attempt = u.attempt AND f.state IN ('queued', 'reading')`,
              [
                group.map(({ job }) => job.fileId),
                group.map(({ job }) => job.attempt),
                group.map(({ job }) => ragMessages.documents.unreadableFile(basename(job.path))),
              ],
            )
            .catch(() => undefined);
        });
        this.done(group.map(({ job }) => job));
      }
    } finally {
      this.storing = false;
    }
  }

  /**
   * The read uploads of one index, in the order they were read, up to GROUP_DOCUMENTS and
   * GROUP_PASSAGES (at least one); a path already in the group (the same file sent again meanwhile)
   * waits for the next one, since one transaction stores a file name once.
   */
  private takeGroup(): ReadUpload[] {
    const first = this.read[0];
    if (!first) return [];
    const group: ReadUpload[] = [];
    const paths = new Set<string>();
    let passages = 0;
    for (const upload of [...this.read]) {
      if (group.length >= GROUP_DOCUMENTS) break;
      if (upload.job.index.id !== first.job.index.id || paths.has(upload.job.path)) continue;
      const more = "document" in upload.read ? (upload.read.document.chunked?.places.length ?? 1) : 0;
      if (group.length > 0 && passages + more > GROUP_PASSAGES) break;
      passages += more;
      paths.add(upload.job.path);
      group.push(upload);
      this.read.splice(this.read.indexOf(upload), 1);
    }
    return group;
  }

  private async storeGroup(group: readonly ReadUpload[]) {
    const { db, engine } = this;
    const index = required(group[0], "a group's first upload").job.index;
    const documents = group.flatMap(({ read }) => ("document" in read ? [read.document] : []));
    const stored = new Map<string, IngestOutcome>();
    for (const outcome of await storeReadDocuments(db, index, documents, { embedder: engine.embedder, vectors: engine.vectors }))
      stored.set(outcome.filename, outcome);
    const settlements: Array<{ job: ReadingJob; outcome: { passages: number; scanned: boolean } | { refused: string } }> = [];
    for (const { job, progress, read } of group) {
      await progress.done();
      if ("refused" in read) settlements.push({ job, outcome: read });
      else if ("unchanged" in read)
        settlements.push({ job, outcome: { passages: await passagesOf(db, job), scanned: await wasScanned(db, job, "unchanged") } });
      else {
        const outcome = required(stored.get(job.path), `the outcome for ${job.path}`);
        settlements.push({
          job,
          outcome:
            "error" in outcome
              ? { refused: refusalOf(outcome.error, job.path) }
              : { passages: outcome.chunks, scanned: outcome.ocr !== undefined },
        });
      }
    }
    const column = <T>(pick: (settlement: (typeof settlements)[number]) => T) => settlements.map(pick);
    const settled = await db.query<{ id: string }>(
      `UPDATE rag_library_files f SET state = u.state, passages = u.passages, scanned = u.scanned, reason = u.reason,
         ocr_page = NULL, ocr_pages = NULL, updated_at = now()
       FROM unnest($1::uuid[], $2::int[], $3::text[], $4::int[], $5::boolean[], $6::text[]) AS u(id, attempt, state, passages, scanned, reason)
       WHERE f.id = u.id AND f.attempt = u.attempt RETURNING f.id::text`,
      [
        column(({ job }) => job.fileId),
        column(({ job }) => job.attempt),
        column(({ outcome }) => ("refused" in outcome ? "refused" : "indexed")),
        column(({ outcome }) => ("refused" in outcome ? null : outcome.passages)),
        column(({ outcome }) => ("refused" in outcome ? false : outcome.scanned)),
        column(({ outcome }) => ("refused" in outcome ? outcome.refused : null)),
      ],
    );
    const settledIds = new Set(settled.map((row) => row.id));
    for (const { job, outcome } of settlements) {
      if (settledIds.has(job.fileId) || "refused" in outcome) continue;
      // Removed while it was read: what was just stored goes too (the removal already answered).
      const [still] = await db.query("SELECT 1 FROM rag_library_files WHERE index_id = $1 AND path = $2", [job.index.id, job.path]);
      if (!still) await deleteDocument(db, job.index, job.path);
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
