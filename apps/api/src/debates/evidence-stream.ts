import { readModelStream, type ModelDelta } from "@oystar/api-client";
import { Readable } from "node:stream";
import { AnswerCut } from "../llm/model-answer";
import { modelStreamClosing } from "../streams/server-stopping";

// issue 26 §2: a turn argued from documents streams as any debate call does — OpenAI-shaped
// deltas — framed by two named events: the passages before the first delta, the quotes' verdicts
// after the last, then `data: [DONE]`. A reader of deltas alone (chat-core's) skips named events.
// The model's words are read with that same reader (readModelStream: spec 001 §7's OpenAI and
// local lines alike), so the verdicts judge the words the caller reads. The answer's text is
// gathered in memory for the verdicts, never stored or logged.

/** One named server-sent event. */
export const namedEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** The events around a turn's answer. */
export type EvidenceFraming = {
  /** Sent before the model's first byte. */
  opening: string;
  /** Sent after the model's last delta, before `[DONE]`; given the answer's whole text. */
  closing: (answer: string) => Promise<string>;
};

/** One delta of the model's, as the debate's stream carries it. */
const deltaEvent = (delta: ModelDelta) => `data: ${JSON.stringify({ choices: [{ delta }] })}\n\n`;

/**
 * The model's answer after the opening (the relay sends that first): its words as deltas, then the
 * closing event and `[DONE]`. An answer cut off midway sends no closing; an error the model sent
 * in its stream is passed on as the debate's readers know one, and ends the turn without verdicts.
 */
export function framedAnswer(answer: ReadableStream<Uint8Array>, closing: EvidenceFraming["closing"]): Readable {
  return Readable.from(framedEvents(answer, closing), { objectMode: false });
}

async function* framedEvents(answer: ReadableStream<Uint8Array>, closing: EvidenceFraming["closing"]): AsyncGenerator<Buffer> {
  let text = "";
  try {
    for await (const delta of readModelStream(answer)) {
      text += delta.content;
      yield Buffer.from(deltaEvent(delta));
    }
  } catch (error) {
    if (error instanceof AnswerCut || !(error instanceof Error)) throw error;
    yield Buffer.from(modelStreamClosing(error.message));
    return;
  }
  const verdicts = await closing(text).catch(() => "");
  yield Buffer.from(`${verdicts}data: [DONE]\n\n`);
}
