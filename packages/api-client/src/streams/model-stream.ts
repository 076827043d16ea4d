import { bodyOf, readLines } from "./lines";
import type { StreamReadOptions } from "./product-stream";

export type ModelDelta = { content: string; reasoning?: string };

export type ModelStreamOptions = StreamReadOptions & {
  /**
   * A named event (`event: name` then its `data:` line) that a product adds to the answer — a
   * debate turn's passages and quotes (issue 26 §2). Without this option they are skipped: they
   * are not the model's words.
   */
  onEvent?: (name: string, data: string) => void;
};

/**
 * Reads a language model's streamed answer (spec 001 §7): OpenAI-style
 * `data: {choices:[{delta:{content}}]}` lines ending with `data: [DONE]`, and local-style
 * `{response, done, error}` lines. A bad line is skipped; a closed body ends quietly.
 */
export async function* readModelStream(
  source: Response | ReadableStream<Uint8Array> | null | undefined,
  options: ModelStreamOptions = {},
): AsyncGenerator<ModelDelta> {
  let position = 0;
  // The name of the event whose data comes next; unnamed data lines are the model's.
  let named: string | null = null;
  for await (const rawLine of readLines(bodyOf(source))) {
    position += 1;
    const line = rawLine.trim();
    if (!line) {
      named = null;
      continue;
    }
    if (line.startsWith(":")) continue;
    // An event's number (a resumable answer's, issue 35 §2) and a reconnection delay are not words.
    if (line.startsWith("id:") || line.startsWith("retry:")) continue;
    if (line.startsWith("event:")) {
      const name = line.slice(6).trim();
      named = name === "message" ? null : name;
      continue;
    }
    const payload = line.startsWith("data:") ? line.slice(5).trim() : line;
    if (named !== null) {
      options.onEvent?.(named, payload);
      continue;
    }
    if (payload === "[DONE]") return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch (error) {
      options.onParseError?.(payload, error, position);
      continue;
    }
    const step = interpret(parsed);
    if (step.error) throw new Error(step.error);
    if (step.delta) yield step.delta;
    if (step.done) return;
  }
}

type Step = { delta?: ModelDelta; done?: boolean; error?: string };

function interpret(value: unknown): Step {
  if (!value || typeof value !== "object") return {};
  const record = value as Record<string, unknown>;
  const error = record.error;
  if (typeof error === "string") return { error };
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
    return { error: (error as { message: string }).message };
  }
  if (Array.isArray(record.choices)) {
    const choice = record.choices[0] as { delta?: { content?: unknown; reasoning?: unknown } } | undefined;
    const content = typeof choice?.delta?.content === "string" ? choice.delta.content : "";
    const reasoning = typeof choice?.delta?.reasoning === "string" ? choice.delta.reasoning : undefined;
    if (!content && !reasoning) return {};
    return { delta: reasoning ? { content, reasoning } : { content } };
  }
  // Local style (spec 001 §7): {response, done, error}.
  const response = typeof record.response === "string" ? record.response : "";
  return { delta: response ? { content: response } : undefined, done: record.done === true };
}
