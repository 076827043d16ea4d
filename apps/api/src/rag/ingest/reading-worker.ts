import { getPriority, setPriority } from "node:os";
import { createOcrEngine } from "../../ocr/ocr-engine";
import { scannedPdfText, type ScannedPdfText } from "../../ocr/scanned-pdf-text";
import { chunkedReading } from "./chunked-reading";
import { documentText, type DocumentText } from "./document-text";
import type { ReadingCancel, ReadingJob, ReadingOutcome, ReadingProgress } from "./document-reader";

// A reading process (document-reader.ts): it reads the documents it is sent, one at a time, and
// answers with the text or with why not. Whatever a file costs here — time, memory — the server
// keeps answering, and this process can be ended without ending the server.

/** How far below the server a reading process runs (nice 10: well behind it, still ahead of idle work). */
const READING_NICENESS = 10;
/** The lowest priority there is (the highest nice value). */
const LOWEST_PRIORITY = 19;

// Orphaned (the server is gone): nothing left to read for.
process.on("disconnect", () => process.exit(0));

// Reading yields to the server (issue 34 §2): one reading process per core, each at a lower
// priority, so requests are answered first and reading uses what is left. On Linux the priority
// is the thread's, and the threads made after this (OCR's worker) take it from this one.
lowerPriority();

// Scanned pages are read with the Italian model the chat's OCR uses (issue 34); its worker starts
// with the first scan and is let go after a minute without one.
const ocr = createOcrEngine();

/** The jobs being read, by id: a caller that leaves (the chat's OCR) stops its own. */
const readingNow = new Map<number, AbortController>();

process.on("message", (message: ReadingJob | ReadingCancel) => {
  if ("cancel" in message) return readingNow.get(message.cancel)?.abort();
  const job = message;
  const stopped = new AbortController();
  readingNow.set(job.id, stopped);
  // Each page OCR reads (and once before the first, with how many): the reader's progress, and
  // the moment it sets the scan's one deadline.
  const progress = (done: number, total: number) =>
    void process.send?.({ id: job.id, progress: { done, total } } satisfies ReadingProgress);
  const reading = ocr.exclusive<DocumentText | ScannedPdfText>((recognize) =>
    job.kind === "scan"
      ? scannedPdfText(job, recognize, { signal: stopped.signal, onPage: progress })
      : documentText(job.filename, job.bytes, job.sourceUrl, job.maxCharacters, { recognize, onOcrPage: progress }).then(
          // Chunked here too, under the document's one deadline (issue 54 §1): the server only slices.
          (read): DocumentText => ({ ...read, chunked: chunkedReading(read.text) }),
        ),
  );
  reading
    .then(
      (result): void => void process.send?.({ id: job.id, ok: true, result } satisfies ReadingOutcome),
      (error: unknown): void => {
        const failure = error instanceof Error ? error : new Error(String(error));
        void process.send?.({ id: job.id, ok: false, errorName: failure.name, message: failure.message } satisfies ReadingOutcome);
      },
    )
    .finally(() => readingNow.delete(job.id));
});

// Loaded and listening: the reader starts the first document's deadline from here.
process.send?.("ready");

function lowerPriority() {
  try {
    setPriority(Math.min(LOWEST_PRIORITY, getPriority() + READING_NICENESS));
  } catch {
    // A system that does not let a process lower its own priority: it reads at the server's.
  }
}
