import { PassThrough } from "node:stream";
import { describe, expect, test } from "vitest";
import { answersInProgress, type AnswerReader } from "./answers-in-progress";

// Issue 37 §1: a piece of the model's answer is split into its events once (each kind of blank
// line looked for once per position), and the events it completes reach each reader in one write.
// The splitting of before issue 37 is kept here as the reference the new one must match.

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A reader that keeps each write apart, to see how many there were. */
function writes() {
  const seen: string[] = [];
  let ended = false;
  const reader: AnswerReader = { write: (bytes) => seen.push(bytes.toString()), end: () => (ended = true) };
  return { reader, seen, text: () => seen.join(""), ended: () => ended };
}

/** The splitter as it was: one event at a time, both blank lines searched again after each. */
function splitAsBefore(pieces: readonly Buffer[]): string[] {
  const events: string[] = [];
  let pending = Buffer.alloc(0);
  for (const piece of pieces) {
    pending = Buffer.concat([pending, piece]);
    for (;;) {
      const lf = pending.indexOf("\n\n");
      const crlf = pending.indexOf("\r\n\r\n");
      if (lf === -1 && crlf === -1) break;
      const [at, length] = crlf !== -1 && (lf === -1 || crlf < lf) ? [crlf, 4] : [lf, 2];
      const event = pending.subarray(0, at);
      pending = pending.subarray(at + length);
      if (event.length > 0) events.push(event.toString());
    }
  }
  const rest = pending.toString("utf8").trim();
  if (rest) events.push(rest);
  return events;
}

const numbered = (events: readonly string[]) => events.map((event, index) => `id: ${index + 1}\n${event}\n\n`);

/** A deterministic random sequence, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

describe("events split once and written together", () => {
  test.each([1, 2, 3, 4, 5, 6])("any cut of an answer, LF or CRLF, gives the events the former splitter gave (seed %i)", async (seed) => {
    const next = random(seed);
    // Events of OpenAI's shape and of others (event: lines, comments, multi-byte text), blank
    // lines of both kinds, some doubled, and a last event without one.
    const kinds = ['data: {"choices":[{"delta":{"content":"è già"}}]}', "event: sources\ndata: {}", ": keep-alive", "data: [DONE]"];
    // Issue 55 §3: and the mixes a byte-by-byte walk could get wrong — a return before a lone line
    // feed, a line feed before a CRLF blank line, returns doubled.
    const blanks = ["\n\n", "\r\n\r\n", "\n\n\n\n", "\r\n\r\n\n\n", "\r\n\n", "\n\r\n\r\n", "\r\r\n\r\n", "\n\r\n", "\r\n"];
    let whole = "";
    for (let n = 0; n < 60; n += 1) whole += `${kinds[next(kinds.length)]}${n}${blanks[next(blanks.length)]}`;
    whole += "data: ultimo";
    const bytes = Buffer.from(whole);
    // Cut anywhere, inside a blank line or a character too; now and then a piece of many events.
    const pieces: Buffer[] = [];
    for (let at = 0; at < bytes.length;) {
      const length = 1 + next(next(4) === 0 ? 400 : 40);
      pieces.push(bytes.subarray(at, at + length));
      at += length;
    }
    const answers = answersInProgress();
    const source = new PassThrough();
    const held = answers.hold("account-1", source, "text/event-stream", () => {});
    const live = writes();
    held.attach(live.reader, 0);
    for (const piece of pieces) {
      source.write(piece);
      await settle();
    }
    source.end();
    await settle();
    expect(live.text()).toBe(numbered(splitAsBefore(pieces)).join(""));
    expect(live.ended()).toBe(true);
  });

  test("the events of one piece reach a reader in one write, in order, with their numbers", async () => {
    const answers = answersInProgress();
    const source = new PassThrough();
    const held = answers.hold("account-1", source, "text/event-stream", () => {});
    const live = writes();
    held.attach(live.reader, 0);
    source.write('data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n":3}\n\ndata: {"n":');
    await settle();
    source.write("4}\n\n");
    await settle();
    expect(live.seen).toEqual(['id: 1\ndata: {"n":1}\n\nid: 2\ndata: {"n":2}\n\nid: 3\ndata: {"n":3}\n\n', 'id: 4\ndata: {"n":4}\n\n']);
  });

  test("a resume after events written together gets exactly the events after its Last-Event-ID", async () => {
    const answers = answersInProgress();
    const source = new PassThrough();
    const held = answers.hold("account-1", source, "text/event-stream", () => {});
    const events = Array.from({ length: 12 }, (_, n) => `data: {"n":${n + 1}}`);
    // Three pieces of four events each.
    for (let piece = 0; piece < 3; piece += 1) {
      source.write(
        events
          .slice(piece * 4, piece * 4 + 4)
          .map((event) => `${event}\n\n`)
          .join(""),
      );
      await settle();
    }
    for (let lastEventId = 0; lastEventId <= 12; lastEventId += 1) {
      const again = writes();
      expect(held.attach(again.reader, lastEventId)).toBe("attached");
      expect(again.text()).toBe(numbered(events).slice(lastEventId).join(""));
      held.detach(again.reader);
    }
  });
});
