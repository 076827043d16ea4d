import { fork, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Socket } from "node:net";
import { availableParallelism } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ocrMessages } from "../../ocr/messages";
import { OcrBusyError } from "../../ocr/ocr-engine";
import { UnreadablePdfError } from "../../ocr/pdf-pages";
import type { ScannedFile, ScannedPdfText, ScanReader } from "../../ocr/scanned-pdf-text";
import { ragMessages } from "../messages";
import type { DocumentText } from "./document-text";
import { UnsupportedDocumentError } from "./unsupported-document";
import { UnreadablePdfTextError } from "./pdf-text";
import { DocumentTooLongError, READING_LIMITS } from "./reading-limits";

// Reading a document never on the server's thread (issue 33). pdf.js on the main thread let one
// 200 KB PDF stall every request for seconds and then end the process out of memory. Documents are
// read by a few long-lived reading processes, each with a cap on its heap AND on its whole memory
// (issue 47 §2: decoded pictures and canvases are native memory, which the heap cap does not
// count), and each document with one deadline and a cap on its text; a process past a bound is
// ended (another starts for the next document), and that document alone is refused. The chat's
// scanned PDFs are read here too (issue 47 §1), ahead of the documents being indexed.

/** What a reading process is asked: a document to index, or a scan for the chat's OCR. */
export type ReadingJob =
  | { id: number; kind: "document"; filename: string; bytes: Uint8Array; sourceUrl: string | null; maxCharacters: number }
  | { id: number; kind: "scan"; filename: string; bytes: Uint8Array };
export type ReadingOutcome =
  { id: number; ok: true; result: DocumentText | ScannedPdfText } | { id: number; ok: false; errorName: string; message: string };
/** A scanned page read by OCR (and once before the first, with how many there are). */
export type ReadingProgress = { id: number; progress: { done: number; total: number } };
/** The reader asks a reading process to stop the job it reads: its caller left. */
export type ReadingCancel = { cancel: number };

/** A document that was not read: the message says which, and why, in Italian. */
export class DocumentReadingError extends Error {
  override name = "DocumentReadingError";
}

export type ReaderOptions = {
  workers?: number;
  /** The JavaScript heap of each reading process. */
  memoryMb?: number;
  /** Each reading process's whole memory (resident, native included), watched from here. */
  residentMb?: number;
  /** One document's time, whatever it is. */
  deadlineMs?: number;
  /** And for each page OCR will read, added once when the scan's page count is known. */
  ocrPageMs?: number;
};

/** After each page OCR read (and once before the first): how far the scan is, for the admin's progress. */
export type OcrProgress = (done: number, total: number) => void;

/** Why a reading process did not finish its job: the job's caller words it. */
type Unfinished = { why: "memory" | "crashed" } | { why: "time"; seconds: number };

type Pending = {
  job: ReadingJob;
  resolve: (result: ReadingOutcome & { ok: true }) => void;
  reject: (error: Error) => void;
  onOcrPage?: OcrProgress | undefined;
  /** The error for a job its reading process could not finish. */
  unfinished: (reason: Unfinished) => Error;
  /** The error the worker met, as the main thread's own class, so callers can tell a refusal from a failure. */
  rebuilt: (outcome: ReadingOutcome & { ok: false }) => Error;
};

/**
 * The worker's module: its TypeScript source under tsx and Vitest (a child process, not a worker
 * thread, because Node 20 does not run tsx's loader in worker threads), the bundle's own entry in
 * `dist/` once built.
 */
const fromSource = import.meta.url.endsWith(".ts");
const workerModule = fileURLToPath(new URL(fromSource ? "./reading-worker.ts" : "./reading-worker.js", import.meta.url));
// tsx's loader found from here, not from wherever the server was started.
const sourceExecArgv = fromSource
  ? ["--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href, "--conditions=@oystar/source"]
  : [];

/** Where a reading process that died says it ran out of heap. */
const OUT_OF_MEMORY = /heap out of memory|Allocation failed/i;

/** How often a busy reading process's whole memory is measured. */
const MEMORY_WATCH_MS = 200;

/** A process's resident memory in MB, from Linux's /proc (null elsewhere, or once it has gone). */
function residentMegabytes(pid: number): number | null {
  try {
    const kilobytes = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kilobytes ? Number(kilobytes) / 1024 : null;
  } catch {
    return null;
  }
}

/** The job a reading process is at: when it started, its one deadline, the watch on its memory. */
type Current = {
  pending: Pending;
  startedAt: number;
  allowedMs: number;
  deadline: NodeJS.Timeout | null;
  memoryWatch: NodeJS.Timeout | null;
  /** Set once, when a scan says how many pages OCR will read. */
  ocrAllowed: boolean;
};

/** One reading process and the job it is reading, if any. */
class ReadingSlot {
  private child: ChildProcess | null = null;
  private current: Current | null = null;
  /** Settles when the current process has loaded its modules and waits for documents. */
  private ready: Promise<void> = Promise.resolve();
  /** The end of the process's error output: how it died, if it does. */
  private stderrTail = "";

  constructor(
    private readonly options: Required<ReaderOptions>,
    private readonly onFree: () => void,
  ) {}

  get busy() {
    return this.current !== null;
  }

  start(pending: Pending) {
    const child = (this.child ??= this.spawn());
    this.hold(child, true);
    const current: Current = {
      pending,
      startedAt: 0,
      allowedMs: this.options.deadlineMs,
      deadline: null,
      memoryWatch: null,
      ocrAllowed: false,
    };
    this.current = current;
    // The deadline is the job's own: it starts once the process is up, not with its start.
    void this.ready.then(() => {
      if (this.current !== current || this.child !== child) return;
      current.startedAt = Date.now();
      this.armDeadline(child, current);
      this.watchMemory(child, current);
      child.send(pending.job);
    });
  }

  /** Asks the process to stop the job it reads (its caller left); it answers with what it has. */
  cancel(jobId: number) {
    if (this.current?.pending.job.id === jobId) this.child?.send({ cancel: jobId } satisfies ReadingCancel);
  }

  async close() {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await exited;
    }
  }

  /**
   * One deadline a job (issue 47 §2: it used to start again at every scanned page, so a small file
   * could hold a process for most of an hour): set when it starts, moved once when a scan says how
   * many pages OCR will read — each page, under the page budget, has its allowance.
   */
  private armDeadline(child: ChildProcess, current: Current) {
    if (current.deadline) clearTimeout(current.deadline);
    const left = Math.max(0, current.startedAt + current.allowedMs - Date.now());
    current.deadline = setTimeout(() => this.fail(child, { why: "time", seconds: Math.round(current.allowedMs / 1000) }), left);
  }

  /** Ends the process once its whole memory passes the cap: a heap cap does not count decoded pictures. */
  private watchMemory(child: ChildProcess, current: Current) {
    const pid = child.pid;
    if (pid === undefined) return;
    current.memoryWatch = setInterval(() => {
      const megabytes = residentMegabytes(pid);
      if (megabytes !== null && megabytes > this.options.residentMb) this.fail(child, { why: "memory" });
    }, MEMORY_WATCH_MS);
  }

  private spawn(): ChildProcess {
    const child = fork(workerModule, [], {
      execArgv: [...sourceExecArgv, `--max-old-space-size=${this.options.memoryMb}`],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    this.stderrTail = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString()).slice(-4096);
    });
    this.ready = new Promise((resolve) => child.once("message", () => resolve()));
    child.on("message", (message: ReadingOutcome | ReadingProgress | "ready") => {
      if (message === "ready") return;
      if ("progress" in message) this.progress(child, message);
      else this.finish(message);
    });
    child.on("error", () => this.fail(child, { why: "crashed" }));
    child.on("exit", () => {
      if (this.child !== child) return;
      this.fail(child, { why: OUT_OF_MEMORY.test(this.stderrTail) ? "memory" : "crashed" });
    });
    this.hold(child, false);
    return child;
  }

  private progress(child: ChildProcess, message: ReadingProgress) {
    const current = this.current;
    if (current?.pending.job.id !== message.id) return;
    if (!current.ocrAllowed && message.progress.total > 0) {
      current.ocrAllowed = true;
      current.allowedMs += message.progress.total * this.options.ocrPageMs;
      this.armDeadline(child, current);
    }
    current.pending.onOcrPage?.(message.progress.done, message.progress.total);
  }

  /** An idle reading process must not keep the server (or a command) from exiting. */
  private hold(child: ChildProcess, busy: boolean) {
    // A piped stream of a child process is a socket, which holds the event loop like the others.
    const handles = [child, child.channel, child.stderr as Socket | null];
    for (const handle of handles) {
      if (busy) handle?.ref();
      else handle?.unref();
    }
  }

  private finish(outcome: ReadingOutcome) {
    const current = this.settle();
    if (!current || current.job.id !== outcome.id) return;
    if (outcome.ok) current.resolve(outcome);
    else current.reject(current.rebuilt(outcome));
  }

  /** Ends the process (it will not finish this job within its bounds, or it died) and refuses the job. */
  private fail(child: ChildProcess, reason: Unfinished) {
    if (this.child === child) this.child = null;
    child.kill("SIGKILL");
    const pending = this.settle();
    pending?.reject(pending.unfinished(reason));
  }

  private settle(): Pending | null {
    const current = this.current;
    if (!current) return null;
    if (current.deadline) clearTimeout(current.deadline);
    if (current.memoryWatch) clearInterval(current.memoryWatch);
    this.current = null;
    if (this.child) this.hold(this.child, false);
    queueMicrotask(this.onFree);
    return current.pending;
  }
}

/** A document's refusals, each naming the file (issue 33). */
function documentErrors(job: Extract<ReadingJob, { kind: "document" }>): Pick<Pending, "unfinished" | "rebuilt"> {
  return {
    unfinished: (reason) =>
      new DocumentReadingError(
        reason.why === "time"
          ? ragMessages.documents.readingTimedOut(job.filename, reason.seconds)
          : reason.why === "memory"
            ? ragMessages.documents.readingOutOfMemory(job.filename)
            : ragMessages.documents.readingCrashed(job.filename),
      ),
    rebuilt: (outcome) => {
      if (outcome.errorName === "DocumentTooLongError") return new DocumentTooLongError(job.maxCharacters);
      if (outcome.errorName === "UnsupportedDocumentError") return new UnsupportedDocumentError(outcome.message);
      if (outcome.errorName === "UnreadablePdfTextError") return new UnreadablePdfTextError(outcome.message);
      return new DocumentReadingError(ragMessages.documents.unreadableFile(job.filename));
    },
  };
}

/** A chat scan's refusals: the OCR route answers each as a 422 in Italian. */
function scanErrors(job: Extract<ReadingJob, { kind: "scan" }>): Pick<Pending, "unfinished" | "rebuilt"> {
  return {
    unfinished: (reason) =>
      new UnreadablePdfError(
        reason.why === "time"
          ? ocrMessages.timedOut(job.filename)
          : reason.why === "memory"
            ? ocrMessages.outOfMemory(job.filename)
            : ocrMessages.crashed(job.filename),
      ),
    rebuilt: (outcome) =>
      new UnreadablePdfError(outcome.errorName === "UnreadablePdfError" ? outcome.message : ocrMessages.crashed(job.filename)),
  };
}

/** The most reading processes a server starts: each may hold ~1 GB (its heap cap, and OCR's ~100 MB). */
const MOST_READING_PROCESSES = 4;

/**
 * One reading process per core (issue 34 §2: OCR's pool sized to the machine). They need not
 * leave a core to the server: they run at a lower priority (reading-worker.ts), so the server's
 * requests come first and reading takes what the machine has to spare.
 */
export const defaultReadingProcesses = () => Math.max(1, Math.min(MOST_READING_PROCESSES, availableParallelism()));

/** Chat scans waiting for a reading process past this many: the chat is told OCR is busy. */
const MOST_WAITING_SCANS = 4;

/**
 * A pool of reading processes. Jobs wait their turn in order, the chat's scans (a person waits
 * for them) ahead of the documents being indexed.
 */
export class DocumentReader implements ScanReader {
  private readonly slots: ReadingSlot[];
  private readonly scans: Pending[] = [];
  private readonly documents: Pending[] = [];
  private nextId = 1;

  constructor(options: ReaderOptions = {}) {
    const settled: Required<ReaderOptions> = {
      workers: options.workers ?? defaultReadingProcesses(),
      memoryMb: options.memoryMb ?? READING_LIMITS.memoryMb,
      residentMb: options.residentMb ?? READING_LIMITS.residentMb,
      deadlineMs: options.deadlineMs ?? READING_LIMITS.deadlineMs,
      ocrPageMs: options.ocrPageMs ?? READING_LIMITS.ocrPageMs,
    };
    this.slots = Array.from({ length: settled.workers }, () => new ReadingSlot(settled, () => this.dispatch()));
  }

  /** A document's text, read in a reading process; throws DocumentTooLongError past `maxCharacters`, DocumentReadingError past time or memory. */
  async read(
    file: { filename: string; bytes: Uint8Array; sourceUrl?: string | null },
    maxCharacters: number = READING_LIMITS.maxCharactersPerDocument,
    onOcrPage?: OcrProgress,
  ): Promise<DocumentText> {
    const job = {
      id: this.nextId++,
      kind: "document",
      filename: file.filename,
      bytes: file.bytes,
      sourceUrl: file.sourceUrl ?? null,
      maxCharacters,
    } as const;
    const outcome = await new Promise<ReadingOutcome & { ok: true }>((resolve, reject) => {
      this.documents.push({ job, resolve, reject, onOcrPage, ...documentErrors(job) });
      this.dispatch();
    });
    return outcome.result as DocumentText;
  }

  /** The chat's OCR of a scan (issue 47 §1); stopped when `signal` aborts. */
  async readScan(file: ScannedFile, signal: AbortSignal): Promise<ScannedPdfText> {
    if (this.scans.length >= MOST_WAITING_SCANS) throw new OcrBusyError(ocrMessages.busy);
    const job = { id: this.nextId++, kind: "scan", filename: file.filename, bytes: file.bytes } as const;
    const outcome = await new Promise<ReadingOutcome & { ok: true }>((resolve, reject) => {
      const pending: Pending = { job, resolve, reject, ...scanErrors(job) };
      signal.addEventListener("abort", () => this.cancel(pending), { once: true });
      this.scans.push(pending);
      this.dispatch();
    });
    return outcome.result as ScannedPdfText;
  }

  async close() {
    await Promise.all(this.slots.map((slot) => slot.close()));
  }

  /** A caller that left: its job leaves the queue, or its reading process is asked to stop it. */
  private cancel(pending: Pending) {
    const waiting = this.scans.indexOf(pending);
    if (waiting >= 0) {
      this.scans.splice(waiting, 1);
      pending.reject(new DOMException("The caller left", "AbortError"));
    } else for (const slot of this.slots) slot.cancel(pending.job.id);
  }

  private dispatch() {
    for (const slot of this.slots) {
      const next = slot.busy ? undefined : (this.scans.shift() ?? this.documents.shift());
      if (next) slot.start(next);
    }
  }
}

let shared: DocumentReader | null = null;

/** The server's (or a command's) reader: its processes start with the first document and do not keep it alive. */
export const sharedDocumentReader = () => (shared ??= new DocumentReader());
