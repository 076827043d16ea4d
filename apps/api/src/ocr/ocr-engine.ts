import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createWorker, OEM, type Worker } from "tesseract.js";

// Italian trained data from npm (@tesseract.js-data/ita): OCR runs with no network at all.
const require = createRequire(import.meta.url);
const langPath = join(dirname(require.resolve("@tesseract.js-data/ita/package.json")), "4.0.0_best_int");

/** A worker holds ~100 MB: it is let go after a minute without work. */
const IDLE_MS = 60_000;
/** One OCR runs at a time; a few more may wait, beyond that the server says it is busy. */
const MAX_WAITING = 4;

export class OcrBusyError extends Error {
  override name = "OcrBusyError";
}

export type Recognized = { text: string; confidence: number };

export type OcrEngine = {
  /** Runs `job` when the engine is free, with a function that reads the text of a PNG (and how sure it is, 0–100). */
  exclusive<T>(job: (recognize: (png: Buffer) => Promise<Recognized>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export function createOcrEngine(): OcrEngine {
  let worker: Promise<Worker> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;

  const workerOptions = {
    langPath,
    gzip: true,
    // Nothing written to disk: the trained data is read from the package each time a worker starts.
    cacheMethod: "none",
    // Privacy: tesseract's progress messages never reach the logs.
    logger: () => undefined,
    errorHandler: () => undefined,
  };
  // The Italian data asks for an 'ita.special-words' list the npm package does not ship; an empty
  // suffix skips that lookup (and the "failed to load" line it would print at every start).
  const initConfig = "user_words_suffix ";
  const startWorker = () => (worker ??= createWorker("ita", OEM.LSTM_ONLY, workerOptions, initConfig));
  const release = async () => {
    const current = worker;
    worker = null;
    if (current) await (await current).terminate();
  };
  const recognize = async (png: Buffer): Promise<Recognized> => {
    const { data } = await (await startWorker()).recognize(png);
    return { text: data.text, confidence: data.confidence };
  };

  return {
    exclusive(job) {
      if (waiting >= MAX_WAITING) return Promise.reject(new OcrBusyError("OCR occupato: troppe richieste in corso, riprova tra qualche minuto."));
      waiting += 1;
      const run = queue.then(async () => {
        if (idleTimer) clearTimeout(idleTimer);
        try {
          return await job(recognize);
        } finally {
          waiting -= 1;
          idleTimer = setTimeout(() => void release(), IDLE_MS);
          idleTimer.unref();
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      await release();
    },
  };
}
