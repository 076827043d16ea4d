import { EventEmitter } from "node:events";
import type { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import { answersInProgress, type AnswerReader, type HeldAnswer } from "./answers-in-progress";
import { EVENT_RECORD_BYTES } from "./held-events";
import { oldestFirst } from "./oldest-first";

// Issue 37 §1: the process's memory bound finds the oldest answer holding events through a heap
// (oldest-first.ts) instead of walking every answer in age order. The walk is kept here as the
// reference: on random traffic both must drop exactly the same events.

/** A source whose events arrive at once, so that each step's effect can be compared right away. */
const sourceNow = () => Object.assign(new EventEmitter(), { resume: () => {} }) as EventEmitter & Readable;
const nobody: AnswerReader = { write: () => {}, end: () => {} };

/**
 * What an event takes held (issue 55 §3): the first kept whole, each other as the bytes between
 * what its start and end share with the event before it — counted here the plain way.
 */
function heldSize(body: string, previous: string | null): number {
  const bytes = Buffer.from(body);
  if (previous === null) return bytes.length + EVENT_RECORD_BYTES;
  const before = Buffer.from(previous);
  let start = 0;
  while (start < Math.min(bytes.length, before.length) && bytes[start] === before[start]) start += 1;
  let end = 0;
  while (end < Math.min(bytes.length, before.length) - start && bytes[bytes.length - 1 - end] === before[before.length - 1 - end]) end += 1;
  return bytes.length - start - end + EVENT_RECORD_BYTES;
}

/** The bound as answers-in-progress.ts applied it before issue 37: a walk in age order. */
function walkingBound(answerBytes: number, processBytes: number) {
  type Walked = {
    events: Array<{ seq: number; size: number; body: string }>;
    size: number;
    nextSeq: number;
    firstKept: number;
    last: string | null;
  };
  const answers: Walked[] = [];
  let processSize = 0;
  const dropOldest = (answer: Walked) => {
    const dropped = answer.events.shift();
    if (!dropped) return;
    answer.size -= dropped.size;
    processSize -= dropped.size;
    answer.firstKept = dropped.seq + 1;
    // The next becomes the first kept: whole.
    const first = answer.events[0];
    if (first) {
      const whole = heldSize(first.body, null);
      answer.size += whole - first.size;
      processSize += whole - first.size;
      first.size = whole;
    }
  };
  return {
    hold: () => answers.push({ events: [], size: 0, nextSeq: 1, firstKept: 1, last: null }) - 1,
    push(index: number, body: string) {
      const answer = answers[index] as Walked;
      const size = heldSize(body, answer.events.length > 0 ? answer.last : null);
      answer.last = body;
      answer.events.push({ seq: answer.nextSeq, size, body });
      answer.nextSeq += 1;
      answer.size += size;
      processSize += size;
      while (answer.size > answerBytes && answer.events.length > 1) dropOldest(answer);
      for (const each of answers) {
        if (processSize <= processBytes) return;
        while (processSize > processBytes && each.events.length > 0) dropOldest(each);
      }
    },
    forget(index: number) {
      const answer = answers[index] as Walked;
      processSize -= answer.size;
      answer.events.length = 0;
      answer.size = 0;
    },
    firstKept: (index: number) => (answers[index] as Walked).firstKept,
    bytes: () => processSize,
  };
}

/** The first event an answer can still give: the smallest Last-Event-ID + 1 it does not refuse. */
function firstKept(held: HeldAnswer, upTo: number): number {
  for (let seq = 1; seq <= upTo; seq += 1) {
    if (held.attach(nobody, seq - 1) === "attached") {
      held.detach(nobody);
      return seq;
    }
  }
  return upTo + 1;
}

/** A small deterministic random sequence, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

describe("the process's bound over many answers", () => {
  test.each([1, 2, 3, 4, 5])("drops the same events as the walk in age order (seed %i)", (seed) => {
    const next = random(seed);
    const options = { answerBytes: 900, processBytes: 4_000, holdAfterClientLeftMs: 600_000, keepAfterEndMs: 600_000 };
    const answers = answersInProgress(options);
    const reference = walkingBound(options.answerBytes, options.processBytes);
    const held: Array<{ answer: HeldAnswer; source: EventEmitter; pushed: number; stopped: boolean }> = [];
    for (let step = 0; step < 3_000; step += 1) {
      const roll = next(100);
      if (roll < 4 || held.length === 0) {
        const source = sourceNow();
        held.push({ answer: answers.hold("account-1", source, "text/event-stream", () => {}), source, pushed: 0, stopped: false });
        reference.hold();
        continue;
      }
      const index = next(held.length);
      const one = held[index]!;
      if (one.stopped) continue;
      if (roll < 6) {
        one.answer.stop();
        one.stopped = true;
        reference.forget(index);
        continue;
      }
      const body = `data: ${"x".repeat(10 + next(120))}`;
      one.source.emit("data", Buffer.from(`${body}\n\n`));
      one.pushed += 1;
      reference.push(index, body);
      expect(answers.held().bytes).toBe(reference.bytes());
    }
    held.forEach((one, index) => {
      if (!one.stopped) expect(firstKept(one.answer, one.pushed), `answer ${index}`).toBe(reference.firstKept(index));
    });
  });

  test("the heap gives the oldest item, whatever the order they come and go in", () => {
    const next = random(7);
    const heap = oldestFirst<{ age: number }>((item) => item.age);
    const inside = new Set<{ age: number }>();
    const items = Array.from({ length: 200 }, (_, age) => ({ age }));
    for (let step = 0; step < 5_000; step += 1) {
      const item = items[next(items.length)]!;
      if (next(2) === 0) {
        heap.add(item);
        inside.add(item);
      } else {
        heap.remove(item);
        inside.delete(item);
      }
      const oldest = [...inside].sort((a, b) => a.age - b.age)[0];
      expect(heap.first()).toBe(oldest);
      expect(heap.size).toBe(inside.size);
    }
  });
});
