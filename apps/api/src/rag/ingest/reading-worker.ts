import { getPriority, setPriority } from "node:os";
import { createOcrEngine } from "../../ocr/ocr-engine";
import { documentText } from "./document-text";
import type { ReadingJob, ReadingOutcome, ReadingProgress } from "./document-reader";

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

process.on("message", (job: ReadingJob) => {
  const reading = ocr.exclusive((recognize) =>
    documentText(job.filename, job.bytes, job.sourceUrl, job.maxCharacters, {
      recognize,
      // Each page read tells the reader this process is still at work: its deadline starts again.
      onOcrPage: (done, total) => void process.send?.({ id: job.id, progress: { done, total } } satisfies ReadingProgress),
    }),
  );
  reading.then(
    (document): void => void process.send?.({ id: job.id, ok: true, document } satisfies ReadingOutcome),
    (error: unknown): void => {
      const failure = error instanceof Error ? error : new Error(String(error));
      void process.send?.({ id: job.id, ok: false, errorName: failure.name, message: failure.message } satisfies ReadingOutcome);
    },
  );
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
