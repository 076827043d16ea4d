import { documentText } from "./document-text";
import type { ReadingJob, ReadingOutcome } from "./document-reader";

// A reading process (document-reader.ts): it reads the documents it is sent, one at a time, and
// answers with the text or with why not. Whatever a file costs here — time, memory — the server
// keeps answering, and this process can be ended without ending the server.

// Orphaned (the server is gone): nothing left to read for.
process.on("disconnect", () => process.exit(0));

process.on("message", (job: ReadingJob) => {
  documentText(job.filename, job.bytes, job.sourceUrl, job.maxCharacters).then(
    (document): void => void process.send?.({ id: job.id, ok: true, document } satisfies ReadingOutcome),
    (error: unknown): void => {
      const failure = error instanceof Error ? error : new Error(String(error));
      void process.send?.({ id: job.id, ok: false, errorName: failure.name, message: failure.message } satisfies ReadingOutcome);
    },
  );
});

// Loaded and listening: the reader starts the first document's deadline from here.
process.send?.("ready");
