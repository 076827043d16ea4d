import { createOcrEngine } from "../../ocr/ocr-engine";
import { documentText } from "./document-text";
import type { ReadingJob, ReadingOutcome, ReadingProgress } from "./document-reader";

// A reading process (document-reader.ts): it reads the documents it is sent, one at a time, and
// answers with the text or with why not. Whatever a file costs here — time, memory — the server
// keeps answering, and this process can be ended without ending the server.

// Orphaned (the server is gone): nothing left to read for.
process.on("disconnect", () => process.exit(0));

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
