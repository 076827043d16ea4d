import { expect, test } from "vitest";
import { EVENT_RECORD_BYTES, HeldEvents, numberedEvent } from "./held-events";

// Issue 55 §3: an answer's events kept as their change from the one before (held-events.ts) give
// back exactly what a plain list of the numbered events would — at every resume point, after any
// number of drops, at a real answer's size (thousands of events, model chunks and arbitrary bytes
// alike) — and count the bytes they take as they really take them.

/** A small deterministic random sequence, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

const words = ["Villa ", "Aurora ", "ha ", "dodici ", "fontane ", "[1].", "è", "“citata”", "\n", ""];
/** One event as models send them: the same envelope around a word (or a reasoning piece, or the end). */
function modelEvent(next: (below: number) => number, answer: number, i: number): Buffer {
  const kind = next(10);
  if (kind === 0)
    return Buffer.from(`data: ${JSON.stringify({ id: `c-${answer}`, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}`);
  if (kind === 1) return Buffer.from(`event: passages\ndata: ${JSON.stringify({ turn: i, text: "x".repeat(next(300)) })}`);
  if (kind === 2) return Buffer.from(Array.from({ length: next(40) }, () => next(256)));
  const content = words[next(words.length)] as string;
  return Buffer.from(
    `data: ${JSON.stringify({ id: `c-${answer}`, object: "chat.completion.chunk", created: 1765000000 + (i >> 6), model: "openai/gpt-oss-120b", choices: [{ index: 0, delta: { content }, logprobs: null, finish_reason: null }] })}`,
  );
}

test.each([1, 2, 3])("resumed from anywhere, after any drops, the events are the plain list's (seed %i)", (seed) => {
  const next = random(seed);
  const held = new HeldEvents();
  // The reference: every event numbered and kept whole, the oldest dropped first.
  const plain: Array<{ seq: number; bytes: Buffer }> = [];
  let seq = 0;
  for (let step = 0; step < 4_000; step += 1) {
    const roll = next(100);
    if (roll < 8 && plain.length > 0) {
      held.dropOldest();
      plain.shift();
    } else {
      const event = modelEvent(next, seed, step);
      seq += 1;
      const numbered = held.add(event);
      expect(numbered.equals(numberedEvent(seq, event))).toBe(true);
      plain.push({ seq, bytes: numbered });
    }
    expect(held.firstKept).toBe(plain[0]?.seq ?? seq + 1);
    expect(held.kept).toBe(plain.length);
    if (step % 97 === 0 || step > 3_990) {
      const from = plain.length > 0 ? (plain[0] as { seq: number }).seq - 1 + next(plain.length + 1) : seq;
      const expected = plain.filter((event) => event.seq > from).map((event) => event.bytes);
      expect(Buffer.concat(held.after(from)).equals(Buffer.concat(expected))).toBe(true);
    }
  }
});

test("an ended answer's events, settled into buffers of their size, are the same at every resume point and after drops", () => {
  const next = random(5);
  const held = new HeldEvents();
  for (let step = 0; step < 700; step += 1) {
    held.add(modelEvent(next, 5, step));
    if (step % 50 === 49) held.dropOldest();
  }
  const before = Array.from({ length: 700 }, (_, from) => Buffer.concat(held.after(from)));
  const size = held.size;
  held.settle();
  expect(held.size).toBe(size);
  for (let from = 0; from < 700; from += 1) expect(Buffer.concat(held.after(from)).equals(before[from] as Buffer)).toBe(true);
  // The process bound may still drop from it.
  const firstKept = held.firstKept;
  held.dropOldest();
  expect(held.firstKept).toBe(firstKept + 1);
  expect(Buffer.concat(held.after(0)).equals(before[firstKept] as Buffer)).toBe(true);
});

test("an event's number and blank line are the plain text's, at every count of digits", () => {
  // Issue 55 §3: numberedEvent writes the digits by hand; the reference is the string it replaces.
  const event = Buffer.from('data: {"choices":[{"delta":{"content":"è già"}}]}');
  for (const seq of [1, 9, 10, 11, 99, 100, 101, 999, 1_000, 12_345, 99_999, 100_000, 2_147_483_647, 999_999_999_999_999]) {
    expect(numberedEvent(seq, event).toString()).toBe(`id: ${seq}\n${event.toString()}\n\n`);
  }
  expect(numberedEvent(7, Buffer.alloc(0)).toString()).toBe("id: 7\n\n\n");
});

test("a model's answer is kept in a few bytes an event, and counted as it is kept", () => {
  const next = random(9);
  const held = new HeldEvents();
  let whole = 0;
  for (let i = 0; i < 150; i += 1) {
    const event = Buffer.from(
      `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1765000000, model: "openai/gpt-oss-120b", system_fingerprint: "fp_loopback", choices: [{ index: 0, delta: { content: words[next(6)] }, logprobs: null, finish_reason: null }] })}`,
    );
    whole += event.length;
    held.add(event);
  }
  // ~230 bytes an event whole; kept, its changing word and its record.
  expect(whole / 150).toBeGreaterThan(200);
  expect(held.size / 150).toBeLessThan(EVENT_RECORD_BYTES + 20);
  // Dropping all but the last leaves it whole, and nothing else counted.
  while (held.kept > 1) held.dropOldest();
  const [last] = held.after(0);
  expect(held.size).toBe((last as Buffer).length - "id: 150\n".length - 2 + EVENT_RECORD_BYTES);
  held.dropOldest();
  expect(held.size).toBe(0);
  expect(held.after(0)).toEqual([]);
  expect(held.firstKept).toBe(151);
});
