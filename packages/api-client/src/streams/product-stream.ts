import { citedPassageSchema } from "../schemas/cited-passage";
import { z } from "../schemas/zod";
import { bodyOf, readLines } from "./lines";

// DESIGN.md §5 / spec 001 §3: the product's event stream (RAG answers). A RAG answer sends
// `sources` twice: once before the text (the passages, each under its document's number), once
// after it numbered as the text cites them, each with the server's `support` verdict; the later
// list replaces the earlier. An answer that is 'not in the documents' ends with none.
export const streamChunkSchema = z.looseObject({
  chunk: z.string().optional(),
  sources: z.array(citedPassageSchema).optional(),
  contextUsage: z.number().optional(),
  summary: z.string().optional(),
  error: z.string().optional(),
  done: z.boolean().optional(),
});

export type StreamChunk = z.infer<typeof streamChunkSchema>;

/** spec 001 §8: an `event: error` ends the stream with 'Stream error occurred'. */
export class StreamError extends Error {
  override name = "StreamError";
  constructor(readonly detail: string | undefined) {
    super("Stream error occurred");
  }
}

export type StreamReadOptions = {
  /** A line that could not be read, and skipped; `position` is its line number in the stream (model streams). */
  onParseError?: (line: string, error: unknown, position?: number) => void;
};

/**
 * Reads `data: {json}` events until `event: end` or the body closes. One unparseable line is
 * reported and skipped: a single bad event must not lose the rest of an answer.
 */
export async function* readProductStream(
  source: Response | ReadableStream<Uint8Array> | null | undefined,
  options: StreamReadOptions = {},
): AsyncGenerator<StreamChunk> {
  let event = "message";
  let data: string[] = [];
  for await (const line of readLines(bodyOf(source))) {
    if (line === "") {
      // A blank line dispatches the event that was being collected.
      const payload = data.join("\n");
      const name = event;
      event = "message";
      data = [];
      if (name === "end") return;
      if (name === "error") throw new StreamError(errorDetail(payload));
      if (payload) {
        const chunk = parseChunk(payload, options);
        if (chunk) yield chunk;
      }
      continue;
    }
    if (line.startsWith(":")) continue; // a comment, used as a keep-alive
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") {
      event = value;
      // Some servers close right after `event: end` without the blank line.
      if (value === "end") return;
    } else if (field === "data") data.push(value);
  }
  // The body closed: flush a last event that had no blank line after it, then end quietly.
  if (event === "error") throw new StreamError(errorDetail(data.join("\n")));
  if (event !== "end" && data.length > 0) {
    const chunk = parseChunk(data.join("\n"), options);
    if (chunk) yield chunk;
  }
}

function parseChunk(payload: string, options: StreamReadOptions): StreamChunk | null {
  try {
    const result = streamChunkSchema.safeParse(JSON.parse(payload));
    if (result.success) return result.data;
    options.onParseError?.(payload, result.error);
  } catch (error) {
    options.onParseError?.(payload, error);
  }
  return null;
}

function errorDetail(payload: string): string | undefined {
  if (!payload) return undefined;
  try {
    const parsed = JSON.parse(payload) as { error?: unknown };
    return typeof parsed.error === "string" ? parsed.error : payload;
  } catch {
    return payload;
  }
}
