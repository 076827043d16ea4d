import { HttpError } from "./errors";

// Issue 55 §1: a server past what it can carry refuses a new question — before reading it or
// charging it — with 503 and Retry-After. The product's clients say so ('Servizio molto richiesto,
// riprovo tra N s') and ask once more after that wait, by themselves; a second refusal is the
// caller's to show.

/** The longest wait a client accepts before asking again; a longer Retry-After is shown as it is. */
export const BUSY_RETRY_MAX_SECONDS = 30;

/** Runs `task` after `ms`; gives back a way to call it off (the clock port's timers). */
export type Later = (task: () => void, ms: number) => () => void;

export type BusyRetryOptions = {
  /** The caller leaving (STOP, a page closed) ends the wait, and nothing is asked again. */
  signal?: AbortSignal;
  /** Told the wait in seconds before it begins: the screen says it. */
  onBusy?: (seconds: number) => void;
  /** Timers, injected so tests need no clock. */
  later?: Later;
};

/** The wait a refusal asks for, when it is a "too busy, try again in N s" one; null otherwise. */
export function busyWaitSeconds(error: unknown): number | null {
  if (!(error instanceof HttpError) || error.status !== 503 || error.retryAfterSeconds === null) return null;
  return error.retryAfterSeconds <= BUSY_RETRY_MAX_SECONDS ? Math.max(1, error.retryAfterSeconds) : null;
}

const browserLater: Later = (task, ms) => {
  const timer = setTimeout(task, ms);
  return () => clearTimeout(timer);
};

/** `ask`, and once more after the server's wait if it answered that it is too busy. */
export async function askAgainOnceWhenBusy<T>(
  ask: () => Promise<T>,
  { signal, onBusy, later = browserLater }: BusyRetryOptions = {},
): Promise<T> {
  try {
    return await ask();
  } catch (error) {
    const seconds = busyWaitSeconds(error);
    if (seconds === null || signal?.aborted) throw error;
    onBusy?.(seconds);
    await new Promise<void>((resolve, reject) => {
      const stop = () => {
        cancel();
        reject(signal?.reason ?? error);
      };
      const cancel = later(() => {
        signal?.removeEventListener("abort", stop);
        resolve();
      }, seconds * 1000);
      signal?.addEventListener("abort", stop, { once: true });
    });
    return ask();
  }
}
