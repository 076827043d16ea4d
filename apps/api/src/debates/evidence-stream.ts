import { pipeline, Transform, type Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// issue 26 §2: a turn argued from documents streams as any debate call does — OpenAI-shaped
// deltas — framed by two named events: the passages before the first delta, the quotes' verdicts
// after the last, then `data: [DONE]`. A reader of deltas alone (chat-core's) skips named events.
// The answer's text is gathered in memory for the verdicts, never stored or logged.

/** One named server-sent event. */
export const namedEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** The events around a turn's answer. */
export type EvidenceFraming = {
  /** Sent before the model's first byte. */
  opening: string;
  /** Sent after the model's last delta, before `[DONE]`; given the answer's whole text. */
  closing: (answer: string) => Promise<string>;
};

/** The text of one `data:` line of a chat-completions stream ('' for anything else). */
function deltaText(line: string): string {
  const payload = line.slice(5).trim();
  if (!payload.startsWith("{")) return "";
  try {
    const content = (JSON.parse(payload) as { choices?: Array<{ delta?: { content?: unknown } }> }).choices?.[0]?.delta?.content;
    return typeof content === "string" ? content : "";
  } catch {
    return "";
  }
}

/**
 * The model's stream after the opening, line by line: the model's `[DONE]` is held back and sent
 * after the closing event. A stream cut off midway sends no closing. (The opening is the
 * caller's to send first: the relay writes its first bytes before the rest.)
 */
export function framedAnswer(closing: EvidenceFraming["closing"]): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let answer = "";
  const pass = (line: string, push: (text: string) => void) => {
    const trimmed = line.trim();
    if (trimmed === "data: [DONE]") return;
    if (trimmed.startsWith("data:")) answer += deltaText(trimmed);
    push(`${line}\n`);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines = (pending + decoder.write(chunk)).split("\n");
      pending = lines.pop() ?? "";
      let out = "";
      for (const line of lines) pass(line, (text) => (out += text));
      done(null, out || undefined);
    },
    flush(done) {
      let out = "";
      const rest = pending + decoder.end();
      if (rest) pass(rest, (text) => (out += text));
      closing(answer).then(
        (closing) => done(null, `${out}\n${closing}data: [DONE]\n\n`),
        () => done(null, `${out}\ndata: [DONE]\n\n`),
      );
    },
  });
}

/** The model's stream (its first bytes, then the rest) through `framedAnswer`. */
export function framedBody(first: Buffer | null, body: Readable, closing: EvidenceFraming["closing"]): Readable {
  const framed = framedAnswer(closing);
  if (first) framed.write(first);
  pipeline(body, framed, () => {});
  return framed;
}
