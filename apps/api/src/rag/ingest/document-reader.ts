import { fork, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import type { Socket } from "node:net";
import { availableParallelism } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ragMessages } from "../messages";
import type { DocumentText } from "./document-text";
import { UnsupportedDocumentError } from "./unsupported-document";
import { UnreadablePdfTextError } from "./pdf-text";
import { DocumentTooLongError, READING_LIMITS } from "./reading-limits";

// Reading a document never on the server's thread (issue 33). pdf.js on the main thread let one
// 200 KB PDF stall every request for seconds and then end the process out of memory. Documents are
// read by a few long-lived reading processes, each with a heap cap, and each document with a
// deadline and a cap on its text; a process past its heap or its deadline is ended (another starts
// for the next document), and that document alone is refused.

export type ReadingJob = { id: number; filename: string; bytes: Uint8Array; sourceUrl: string | null; maxCharacters: number };
export type ReadingOutcome =
  { id: number; ok: true; document: DocumentText } | { id: number; ok: false; errorName: string; message: string };
/** A scanned page read by OCR: the document's deadline starts again (it bounds each step, not a long scan). */
export type ReadingProgress = { id: number; progress: { done: number; total: number } };

/** A document that was not read: the message says which, and why, in Italian. */
export class DocumentReadingError extends Error {
  override name = "DocumentReadingError";
}

export type ReaderOptions = { workers?: number; memoryMb?: number; deadlineMs?: number };

/** After each page OCR read (and once before the first): how far the scan is, for the admin's progress. */
export type OcrProgress = (done: number, total: number) => void;

type Pending = {
  job: ReadingJob;
  resolve: (document: DocumentText) => void;
  reject: (error: Error) => void;
  onOcrPage?: OcrProgress | undefined;
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

/** One reading process and the document it is reading, if any. */
class ReadingSlot {
  private child: ChildProcess | null = null;
  private current: { pending: Pending; deadline: NodeJS.Timeout | null } | null = null;
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
    this.current = { pending, deadline: null };
    // The deadline is the document's own: it starts once the process is up, not with its start.
    void this.ready.then(() => {
      if (this.current?.pending !== pending || this.child !== child) return;
      this.armDeadline(child);
      child.send(pending.job);
    });
  }

  /** (Re)starts the current document's deadline: at its start, and after each scanned page OCR read. */
  private armDeadline(child: ChildProcess) {
    const current = this.current;
    if (!current) return;
    if (current.deadline) clearTimeout(current.deadline);
    const seconds = Math.round(this.options.deadlineMs / 1000);
    current.deadline = setTimeout(
      () => this.fail(child, ragMessages.documents.readingTimedOut(current.pending.job.filename, seconds)),
      this.options.deadlineMs,
    );
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
      if ("progress" in message) {
        if (this.current?.pending.job.id !== message.id) return;
        this.armDeadline(child);
        this.current.pending.onOcrPage?.(message.progress.done, message.progress.total);
      } else this.finish(message);
    });
    child.on("error", () => this.fail(child, ragMessages.documents.unreadable));
    child.on("exit", () => {
      if (this.child !== child) return;
      const filename = this.current?.pending.job.filename ?? "";
      this.fail(
        child,
        OUT_OF_MEMORY.test(this.stderrTail)
          ? ragMessages.documents.readingOutOfMemory(filename)
          : ragMessages.documents.readingCrashed(filename),
      );
    });
    this.hold(child, false);
    return child;
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
    if (outcome.ok) current.resolve(outcome.document);
    else current.reject(rebuiltError(outcome, current.job));
  }

  /** Ends the process (it will not finish this document in time, or it died) and refuses the document. */
  private fail(child: ChildProcess, message: string) {
    if (this.child === child) this.child = null;
    child.kill("SIGKILL");
    this.settle()?.reject(new DocumentReadingError(message));
  }

  private settle(): Pending | null {
    const current = this.current;
    if (!current) return null;
    if (current.deadline) clearTimeout(current.deadline);
    this.current = null;
    if (this.child) this.hold(this.child, false);
    queueMicrotask(this.onFree);
    return current.pending;
  }
}

/** The error the worker met, as the main thread's own class, so callers can tell a refusal from a failure. */
function rebuiltError(outcome: Extract<ReadingOutcome, { ok: false }>, job: ReadingJob): Error {
  if (outcome.errorName === "DocumentTooLongError") return new DocumentTooLongError(job.maxCharacters);
  if (outcome.errorName === "UnsupportedDocumentError") return new UnsupportedDocumentError(outcome.message);
  if (outcome.errorName === "UnreadablePdfTextError") return new UnreadablePdfTextError(outcome.message);
  return new DocumentReadingError(ragMessages.documents.unreadable);
}

/** The most reading processes a server starts: each may hold ~1 GB (its heap cap, and OCR's ~100 MB). */
const MOST_READING_PROCESSES = 4;

/**
 * One reading process per core (issue 34 §2: OCR's pool sized to the machine). They need not
 * leave a core to the server: they run at a lower priority (reading-worker.ts), so the server's
 * requests come first and reading takes what the machine has to spare.
 */
export const defaultReadingProcesses = () => Math.max(1, Math.min(MOST_READING_PROCESSES, availableParallelism()));

/** A pool of reading processes; documents wait their turn in order. */
export class DocumentReader {
  private readonly slots: ReadingSlot[];
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(options: ReaderOptions = {}) {
    const settled: Required<ReaderOptions> = {
      workers: options.workers ?? defaultReadingProcesses(),
      memoryMb: options.memoryMb ?? READING_LIMITS.memoryMb,
      deadlineMs: options.deadlineMs ?? READING_LIMITS.deadlineMs,
    };
    this.slots = Array.from({ length: settled.workers }, () => new ReadingSlot(settled, () => this.dispatch()));
  }

  /** A document's text, read in a reading process; throws DocumentTooLongError past `maxCharacters`, DocumentReadingError past time or memory. */
  read(
    file: { filename: string; bytes: Uint8Array; sourceUrl?: string | null },
    maxCharacters: number = READING_LIMITS.maxCharactersPerDocument,
    onOcrPage?: OcrProgress,
  ): Promise<DocumentText> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        job: { id: this.nextId++, filename: file.filename, bytes: file.bytes, sourceUrl: file.sourceUrl ?? null, maxCharacters },
        resolve,
        reject,
        onOcrPage,
      });
      this.dispatch();
    });
  }

  async close() {
    await Promise.all(this.slots.map((slot) => slot.close()));
  }

  private dispatch() {
    for (const slot of this.slots) {
      const next = slot.busy ? undefined : this.queue.shift();
      if (next) slot.start(next);
    }
  }
}

let shared: DocumentReader | null = null;

/** The server's (or a command's) reader: its processes start with the first document and do not keep it alive. */
export const sharedDocumentReader = () => (shared ??= new DocumentReader());
