import { systemClock, type Clock } from "./clock";
import { conversationMessages } from "./messages";

/** Runs `task` after `delayMs`; answers a function that calls it off: the clock port's timers. */
export type Schedule = Clock["later"];

export const browserSchedule: Schedule = systemClock.later;

/** An answer the model stopped sending (`idle`), or one past the time allowed in all (`total`). */
export class AnswerStalledError extends Error {
  override name = "AnswerStalledError";
  constructor(
    readonly limit: "idle" | "total",
    readonly limitMs: number,
  ) {
    super(
      limit === "idle"
        ? conversationMessages.answerIdle(Math.round(limitMs / 1000))
        : conversationMessages.answerTooLong(Math.round(limitMs / 1000)),
    );
  }
}

/**
 * Issue 35 §2: an answer whose connection dropped could not be taken up again — the server no
 * longer holds it (expired, or too long to keep whole). Its message is the server's own words.
 * What had arrived stays, as for a stalled answer.
 */
export class AnswerGoneError extends Error {
  override name = "AnswerGoneError";
}

/**
 * The body of a streamed answer, watched: each piece that arrives re-arms `idleMs`, and when it
 * runs out — or `stop` is aborted (the 120 s in all, or the user) — reading fails at once with
 * the reason, whether or not the connection underneath ever hears of it.
 */
export function watchedBody(
  body: ReadableStream<Uint8Array>,
  { idleMs, schedule, stop, onIdle }: { idleMs: number; schedule: Schedule; stop: AbortSignal; onIdle: () => void },
): ReadableStream<Uint8Array> {
  const source = body.getReader();
  let disarm = () => {};
  let over = false;
  let output: ReadableStreamDefaultController<Uint8Array> | null = null;
  const end = (reason: unknown) => {
    if (over) return;
    over = true;
    disarm();
    output?.error(reason);
    void source.cancel(reason).catch(() => {});
  };
  const arm = () => {
    disarm();
    disarm = schedule(onIdle, idleMs);
  };
  const onStop = () => end(stop.reason);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      output = controller;
      if (stop.aborted) return onStop();
      stop.addEventListener("abort", onStop, { once: true });
      arm();
    },
    async pull(controller) {
      try {
        const { value, done } = await source.read();
        if (over) return;
        if (done) {
          over = true;
          disarm();
          stop.removeEventListener("abort", onStop);
          controller.close();
        } else {
          arm();
          controller.enqueue(value);
        }
      } catch (error) {
        end(error);
      }
    },
    cancel(reason) {
      over = true;
      disarm();
      stop.removeEventListener("abort", onStop);
      return source.cancel(reason);
    },
  });
}
