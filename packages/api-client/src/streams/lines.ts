/**
 * Splits a byte stream into text lines. Decoding is streaming, so a multi-byte character or a
 * line split across network chunks comes out whole; CRLF and LF both end a line.
 */
export async function* readLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = pending.split(/\r?\n/);
      // Until the end the last piece may be half a line; at the end it is a line of its own.
      pending = done ? "" : (lines.pop() ?? "");
      for (const line of lines) yield line;
      if (done) return;
    }
  } finally {
    // Stopping early (a consumer's break) must release the connection.
    await reader.cancel().catch(() => {});
  }
}

export function bodyOf(source: Response | ReadableStream<Uint8Array> | null | undefined): ReadableStream<Uint8Array> {
  // Duck-typed: a Response from another realm (a test runner, an iframe) fails `instanceof`.
  const body = source && "getReader" in source ? source : (source as Response | null | undefined)?.body;
  // spec 001 §8: 'No response body'.
  if (!body) throw new Error("No response body");
  return body;
}
