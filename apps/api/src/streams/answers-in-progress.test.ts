import { PassThrough } from "node:stream";
import { afterEach, describe, expect, test, vi } from "vitest";
import { answersInProgress, type AnswerReader } from "./answers-in-progress";

// The in-memory holder of answers in progress (issue 35 §2), on its own: numbering, bounds, timers.

const event = (n: number) => `data: {"n":${n}}`;

/** A reader that keeps what it is given, as a client connection would. */
function collector() {
  const events: string[] = [];
  let ended = false;
  const reader: AnswerReader = {
    write: (bytes) => events.push(bytes.toString()),
    end: () => (ended = true),
  };
  return { reader, events, ended: () => ended };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe("an answer held in memory", () => {
  test("each event is numbered whole, whatever the chunks, LF or CRLF; the rest goes to a reader that comes back", async () => {
    const answers = answersInProgress();
    const source = new PassThrough();
    const held = answers.hold("account-1", source, "text/event-stream", () => {});
    const first = collector();
    held.attach(first.reader, 0);
    source.write('data: {"n":1}\n\nda');
    source.write('ta: {"n":2}\r\n\r\nevent: end\ndata: {}');
    await settle();
    expect(first.events).toEqual([`id: 1\n${event(1)}\n\n`, `id: 2\n${event(2)}\n\n`]);
    held.detach(first.reader);
    source.end("\n\n");
    await settle();
    const again = collector();
    expect(held.attach(again.reader, 1)).toBe("attached");
    expect(again.events).toEqual([`id: 2\n${event(2)}\n\n`, "id: 3\nevent: end\ndata: {}\n\n"]);
    expect(again.ended()).toBe(true);
    // From the start (a reloaded page has received nothing): the whole answer.
    const fromStart = collector();
    held.attach(fromStart.reader, 0);
    expect(fromStart.events).toHaveLength(3);
  });

  test("an answer is bound to its account and an unguessable id", () => {
    const answers = answersInProgress();
    const held = answers.hold("account-1", new PassThrough(), "text/event-stream", () => {});
    expect(held.id).toMatch(/^[\w-]{24}$/);
    expect(answers.find("account-1", held.id)).toBe(held);
    expect(answers.find("account-2", held.id)).toBeNull();
    expect(answers.find("account-1", "x".repeat(24))).toBeNull();
    const other = answersInProgress().hold("account-1", new PassThrough(), "text/event-stream", () => {});
    expect(other.id).not.toBe(held.id);
  });

  test("nobody reading for 2 minutes: the model is stopped and the answer dropped; a reader back in time keeps it", async () => {
    vi.useFakeTimers();
    const answers = answersInProgress();
    const stopped = vi.fn();
    const source = new PassThrough();
    const held = answers.hold("account-1", source, "text/event-stream", stopped);
    const first = collector();
    held.attach(first.reader, 0);
    held.detach(first.reader);
    vi.advanceTimersByTime(119_000);
    const back = collector();
    held.attach(back.reader, 0);
    vi.advanceTimersByTime(60_000);
    expect(stopped).not.toHaveBeenCalled();
    held.detach(back.reader);
    vi.advanceTimersByTime(120_000);
    expect(stopped).toHaveBeenCalledOnce();
    expect(answers.find("account-1", held.id)).toBeNull();
    expect(answers.held()).toEqual({ answers: 0, bytes: 0 });
  });

  test("an ended answer stays 60 s, then is dropped, read or not", async () => {
    const answers = answersInProgress({ keepAfterEndMs: 50 });
    const source = new PassThrough();
    const held = answers.hold("account-1", source, "text/event-stream", () => {});
    source.end(`${event(1)}\n\n`);
    await settle();
    const late = collector();
    expect(held.attach(late.reader, 0)).toBe("attached");
    expect(late.ended()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(answers.find("account-1", held.id)).toBeNull();
  });

  test("STOP stops the model, ends its readers and drops the answer; what the model still sends is not kept", async () => {
    const answers = answersInProgress();
    const stopped = vi.fn();
    const source = new PassThrough();
    const held = answers.hold("account-1", source, "text/event-stream", stopped);
    const reader = collector();
    held.attach(reader.reader, 0);
    held.stop();
    expect(stopped).toHaveBeenCalledOnce();
    expect(reader.ended()).toBe(true);
    expect(answers.find("account-1", held.id)).toBeNull();
    source.write(`${event(1)}\n\n`);
    await settle();
    expect(reader.events).toEqual([]);
    expect(answers.held()).toEqual({ answers: 0, bytes: 0 });
  });

  test("past its bound an answer drops its oldest events: a resume needing them is refused, a later one is given", async () => {
    const answers = answersInProgress({ answerBytes: 100 });
    const source = new PassThrough();
    const held = answers.hold("account-1", source, "text/event-stream", () => {});
    const live = collector();
    held.attach(live.reader, 0);
    for (let n = 1; n <= 10; n += 1) source.write(`${event(n)}\n\n`);
    await settle();
    // The reader connected all along got every event.
    expect(live.events).toHaveLength(10);
    held.detach(live.reader);
    expect(held.attach(collector().reader, 0)).toBe("gone");
    const recent = collector();
    expect(held.attach(recent.reader, 8)).toBe("attached");
    expect(recent.events).toEqual([`id: 9\n${event(9)}\n\n`, `id: 10\n${event(10)}\n\n`]);
    expect(answers.held().bytes).toBeLessThanOrEqual(100);
  });

  test("past the process's bound the oldest answers lose their oldest events first", async () => {
    const answers = answersInProgress({ processBytes: 150 });
    const older = new PassThrough();
    const newer = new PassThrough();
    const olderHeld = answers.hold("account-1", older, "text/event-stream", () => {});
    const newerHeld = answers.hold("account-2", newer, "text/event-stream", () => {});
    for (let n = 1; n <= 5; n += 1) older.write(`${event(n)}\n\n`);
    await settle();
    for (let n = 1; n <= 4; n += 1) newer.write(`${event(n)}\n\n`);
    await settle();
    expect(answers.held().bytes).toBeLessThanOrEqual(150);
    expect(newerHeld.attach(collector().reader, 0)).toBe("attached");
    expect(olderHeld.attach(collector().reader, 0)).toBe("gone");
  });
});

describe("issue 47 §6: an account's deletion", () => {
  test("stops the account's held answers and its requests at work, and nothing of another account's", async () => {
    const answers = answersInProgress();
    const stopped: string[] = [];
    const heldSource = new PassThrough();
    const held = answers.hold("account-1", heldSource, "text/event-stream", () => stopped.push("held model"));
    const reader = collector();
    held.attach(reader.reader, 0);
    answers.begin("account-1", () => stopped.push("charging"));
    const release = answers.begin("account-1", () => stopped.push("released already"));
    release();
    const othersHeld = answers.hold("account-2", new PassThrough(), "text/event-stream", () => stopped.push("other's model"));
    answers.begin("account-2", () => stopped.push("other's request"));

    expect(answers.stopAccount("account-1")).toBe(2);
    expect(stopped.sort()).toEqual(["charging", "held model"]);
    expect(reader.ended()).toBe(true);
    expect(answers.find("account-1", held.id)).toBeNull();
    expect(answers.find("account-2", othersHeld.id)).toBe(othersHeld);
    // Nothing left to stop a second time.
    expect(answers.stopAccount("account-1")).toBe(0);
  });
});
