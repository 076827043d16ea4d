/**
 * How long a body a reader is done with may take to end by itself before it is cancelled. Our
 * server ends the response right after its last event, so this is only a bound for one that
 * does not.
 */
export const DRAIN_GRACE_MS = 2000;

/**
 * Splits a byte stream into text lines. Decoding is streaming, so a multi-byte character or a
 * line split across network chunks comes out whole; CRLF and LF both end a line.
 *
 * A consumer that stops at the stream's last event ('[DONE]', `event: end`) leaves the rest of
 * the body to end as the server ends it (issue 52 §7): cancelling it at once made every answer's
 * request end as `net::ERR_ABORTED` in the browser. A body still open after DRAIN_GRACE_MS (or one
 * the caller aborts) is cancelled, so the connection is always released.
 */
export async function* readLines(body: ReadableStream<Uint8Array>, graceMs = DRAIN_GRACE_MS): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  let ended = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = pending.split(/\r?\n/);
      // Until the end the last piece may be half a line; at the end it is a line of its own.
      pending = done ? "" : (lines.pop() ?? "");
      for (const line of lines) yield line;
      if (done) {
        ended = true;
        return;
      }
    }
  } finally {
    // Stopping early (a consumer's break) must release the connection.
    if (!ended) await drainOrCancel(reader, graceMs);
  }
}

/** Reads what is left until the body ends, or cancels it once `graceMs` have passed or a read fails. */
async function drainOrCancel(reader: ReadableStreamDefaultReader<Uint8Array>, graceMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), graceMs);
  });
  try {
    for (;;) {
      const read = await Promise.race([reader.read(), late]);
      if (read === "late") break;
      if (read.done) return;
    }
  } catch {
    // An aborted or dropped body: nothing left to read.
  } finally {
    clearTimeout(timer);
  }
  await reader.cancel().catch(() => {});
}

export function bodyOf(source: Response | ReadableStream<Uint8Array> | null | undefined): ReadableStream<Uint8Array> {
  // Duck-typed: a Response from another realm (a test runner, an iframe) fails `instanceof`.
  const body = source && "getReader" in source ? source : (source as Response | null | undefined)?.body;
  // spec 001 §8: 'No response body'.
  if (!body) throw new Error("No response body");
  return body;
}
