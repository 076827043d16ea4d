import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createWorker, OEM, type Block, type Worker } from "tesseract.js";
import { ocrMessages } from "./messages";

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

/** A word OCR read and where it stands on the picture, in fractions of its width and height (0–1). */
export type OcrWord = { text: string; left: number; top: number; width: number; height: number };

/** `words`: only when asked for (ingestion keeps them so the viewer can highlight a scanned passage). */
export type Recognized = { text: string; confidence: number; words?: OcrWord[] };
export type RecognizeOptions = { words?: boolean };

export type OcrEngine = {
  /** Runs `job` when the engine is free, with a function that reads the text of a PNG (and how sure it is, 0–100). */
  exclusive<T>(job: (recognize: (png: Buffer, options?: RecognizeOptions) => Promise<Recognized>) => Promise<T>): Promise<T>;
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
  const recognize = async (png: Buffer, options: RecognizeOptions = {}): Promise<Recognized> => {
    // tesseract gives the words' boxes only with its block tree, which the chat's OCR does not need.
    const { data } = await (await startWorker()).recognize(png, {}, { text: true, blocks: options.words === true });
    if (!options.words) return { text: data.text, confidence: data.confidence };
    return { text: data.text, confidence: data.confidence, words: wordsOf(data.blocks ?? [], pngSize(png)) };
  };

  return {
    exclusive(job) {
      if (waiting >= MAX_WAITING) return Promise.reject(new OcrBusyError(ocrMessages.busy));
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

/** A PNG's width and height, from its header (IHDR, always first). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const fraction = (value: number, of: number) => Math.round((value / of) * 10_000) / 10_000;

/** The words of tesseract's block tree in reading order (the order of its text), their boxes as fractions of the picture. */
function wordsOf(blocks: readonly Block[], size: { width: number; height: number }): OcrWord[] {
  const words = blocks.flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words)));
  return words
    .filter((word) => word.text.trim() !== "")
    .map(({ text, bbox }) => ({
      text,
      left: fraction(bbox.x0, size.width),
      top: fraction(bbox.y0, size.height),
      width: fraction(bbox.x1 - bbox.x0, size.width),
      height: fraction(bbox.y1 - bbox.y0, size.height),
    }));
}
