import { uiMessages } from "./messages";

/** spec 000 §8: 'Loading chunk failed' — a lazily loaded part of an app did not arrive. */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
  constructor(cause: unknown) {
    super(uiMessages.chunkLoadFailed, { cause });
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof Error && error.name === "ChunkLoadError";

/** A dropped connection often comes back within a moment. */
export const CHUNK_RETRY_DELAY_MS = 500;

const pause = (delayMs: number) => new Promise<void>((resolve) => setTimeout(resolve, delayMs));

/**
 * A lazily loaded part of an app (a route, a panel) whose download is tried once more when it
 * fails; the second failure is a ChunkLoadError, for which the error screen offers a reload (a new
 * version may have replaced the file). `wait` is injected so tests need no clock.
 */
export function retryOnce<T>(load: () => Promise<T>, wait: (delayMs: number) => Promise<void> = pause): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch {
      await wait(CHUNK_RETRY_DELAY_MS);
      try {
        return await load();
      } catch (error) {
        throw new ChunkLoadError(error);
      }
    }
  };
}
