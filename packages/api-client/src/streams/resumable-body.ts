import { HttpError } from "../errors";

// Issue 35 §2, DESIGN.md §5: an answer's event stream that survives a dropped connection. Its
// reader sees one body; underneath, when the connection fails mid-answer (a phone that slept, a
// network that changed), the answer is asked again from the last event received (Last-Event-ID)
// and goes on. Events are passed on whole only, so a resume never repeats half of one.

/** The abort reason of a STOP (or a cleared conversation): the server stops the answer too. */
export const STOPPED_BY_USER = "oystar:stopped-by-user";

/** How often, and after how long, a dropped answer is asked again before it is given up. */
export const RESUME_WAITS_MS = [250, 1_000, 2_000, 4_000, 8_000] as const;

export type ResumeOptions = {
  /** Asks the answer again from after `lastEventId` (null: from the first event). Throws HttpError on refusal. */
  resume: (lastEventId: string | null) => Promise<Response>;
  /** The reader's own stop (STOP, a limit, the page leaving): no resume after it. */
  signal: AbortSignal;
  /** Waits between attempts, injected so tests need no clock. */
  wait?: (ms: number) => Promise<void>;
  waitsMs?: readonly number[];
};

/**
 * The body of `first`, resumed as often as `waitsMs` allows when its connection fails. A refusal
 * of the resume (the answer is gone: 404, 410) ends it with the server's words.
 */
export function resumableBody(
  first: Response,
  { resume, signal, wait = sleep, waitsMs = RESUME_WAITS_MS }: ResumeOptions,
): ReadableStream<Uint8Array> {
  let reader = first.body?.getReader() ?? null;
  const events = completeEvents();
  // The reader gave up (it had the answer's end, or left): nothing more is read or asked for.
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (cancelled) return;
        if (!reader) return controller.close();
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await reader.read();
        } catch (error) {
          if (signal.aborted || cancelled) throw error;
          // The connection dropped: what was received is kept, the rest is asked for.
          events.dropPartial();
          reader = (await resumed(events.lastId(), error)).body?.getReader() ?? null;
          continue;
        }
        // Cancelled while the read was pending (it then ends empty): not a dropped connection.
        if (cancelled) return;
        if (read.done) {
          const rest = events.flush();
          if (rest.length > 0) controller.enqueue(rest);
          return controller.close();
        }
        const whole = events.add(read.value);
        if (whole.length > 0) return controller.enqueue(whole);
      }
    },
    async cancel(reason) {
      cancelled = true;
      await reader?.cancel(reason).catch(() => {});
    },
  });

  async function resumed(lastEventId: string | null, cause: unknown): Promise<Response> {
    let failure = cause;
    for (const ms of waitsMs) {
      await wait(ms);
      if (signal.aborted || cancelled) throw failure;
      try {
        return await resume(lastEventId);
      } catch (error) {
        // The server's refusal is final; a network still down is tried again.
        if (error instanceof HttpError || signal.aborted) throw error;
        failure = error;
      }
    }
    throw failure;
  }
}

/**
 * Passes on bytes up to the end of the last whole event, keeping the id of the last one passed on
 * (the `id:` field of SSE) and holding back a half-received event.
 */
function completeEvents() {
  const encoder = new TextEncoder();
  let decoder = new TextDecoder();
  let pending = "";
  let lastId: string | null = null;
  const noteIds = (text: string) => {
    for (const match of text.matchAll(/^id:\s?(.*)$/gm)) lastId = (match[1] ?? "").replace(/\r$/, "");
  };
  return {
    add(bytes: Uint8Array): Uint8Array {
      pending += decoder.decode(bytes, { stream: true });
      const end = Math.max(pending.lastIndexOf("\n\n"), pending.lastIndexOf("\r\n\r\n"));
      if (end === -1) return new Uint8Array();
      const boundary = pending.startsWith("\r\n\r\n", end) ? end + 4 : end + 2;
      const whole = pending.slice(0, boundary);
      pending = pending.slice(boundary);
      noteIds(whole);
      return encoder.encode(whole);
    },
    flush(): Uint8Array {
      const rest = pending + decoder.decode();
      pending = "";
      return encoder.encode(rest);
    },
    /** A connection that dropped mid-event: its half is asked for again, whole. */
    dropPartial() {
      pending = "";
      decoder = new TextDecoder();
    },
    lastId: () => lastId,
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
