import { required } from "../required";
// Issue 55 §3: the events of one answer in progress, held for a resume (answers-in-progress.ts)
// in a few bytes each. A model's streamed events are nearly all alike — an OpenAI chunk is ~220
// bytes of envelope (id, model, fingerprint, choice…) around a word — so each event is kept as what
// it changes from the one before it: how many bytes at its start and at its end are the previous
// event's, and the bytes in between. The first event kept is whole. Kept as an object and a buffer
// per event, a 150-event answer took ~100 KiB of memory (its 36 KiB of bytes, each in a buffer of
// its own, and an object per event); kept so it takes a few KiB, and no object per event at all.
// Reading them back (a resume) rebuilds each event from the one before, from the first kept.

/** What one event's place costs beside its bytes: its four numbers (offset, length, start, end shared). */
export const EVENT_RECORD_BYTES = 16;
const FIELDS = 4;
const FIRST_BYTES = 512;
const FIRST_EVENTS = 16;
// Nothing is allocated until an event comes, nor after the answer is forgotten.
const NO_BYTES = Buffer.alloc(0);
const NO_RECORDS = new Int32Array(0);
const NOTHING_SHARED = { start: 0, end: 0 };
const NEWLINE = 0x0a;
const ID_FIELD = Buffer.from("id: ", "latin1");

/** An event with its number: `id: <seq>` on a line of its own before it, a blank line after (one copy). */
export function numberedEvent(seq: number, event: Buffer): Buffer {
  // Issue 55 §3: the number's digits written by hand and the event set in place — Buffer's write
  // and copy cost more in their checks than in the few bytes they move, once an event.
  let digits = 1;
  for (let power = 10; power <= seq; power *= 10) digits += 1;
  const head = ID_FIELD.length + digits + 1;
  const bytes = Buffer.allocUnsafe(head + event.length + 2);
  bytes.set(ID_FIELD, 0);
  for (let left = seq, at = ID_FIELD.length + digits - 1; at >= ID_FIELD.length; at -= 1, left = Math.floor(left / 10))
    bytes[at] = 0x30 + (left % 10);
  bytes[head - 1] = NEWLINE;
  bytes.set(event, head);
  bytes[bytes.length - 2] = NEWLINE;
  bytes[bytes.length - 1] = NEWLINE;
  return bytes;
}

/**
 * How many bytes `a` (its first `aLength`) and `b` share at their start, and then at their end
 * (never overlapping). Walked byte by byte: ~200 bytes of a model's envelope cost less so than a
 * native comparison's call (issue 55 §3).
 */
export function sharedEnds(a: Uint8Array, b: Uint8Array, aLength = a.length): { start: number; end: number } {
  const most = Math.min(aLength, b.length);
  let start = 0;
  while (start < most && a[start] === b[start]) start += 1;
  const endMost = most - start;
  let end = 0;
  while (end < endMost && a[aLength - 1 - end] === b[b.length - 1 - end]) end += 1;
  return { start, end };
}

/** The held events of one answer, numbered from 1 in the order they came. */
export class HeldEvents {
  /** The kept events' changing bytes, back to back (a dropped event's stay until the next compaction). */
  private bytes: Buffer = NO_BYTES;
  private used = 0;
  /** Per kept event: where its bytes are, how many, and how many at its start and end are the previous one's. */
  private records = NO_RECORDS;
  /** The first kept event's place in `records`, and how many are kept. */
  private head = 0;
  private count = 0;
  /** The last event whole: the next one is kept as its change from it. */
  private last: Buffer = NO_BYTES;
  private lastLength = 0;
  /** The bytes the kept events take (their changing bytes and their records). */
  size = 0;
  /** The number the next event gets. */
  nextSeq = 1;

  /** The first event still kept (after drops); with none kept, the next to come. */
  get firstKept(): number {
    return this.nextSeq - this.count;
  }

  get kept(): number {
    return this.count;
  }

  /** Keeps `event` (its text, without the blank line after it) and gives it back numbered, for the readers. */
  add(event: Buffer): Buffer {
    const seq = this.nextSeq;
    this.nextSeq += 1;
    const shared = this.lastLength > 0 && this.count > 0 ? sharedEnds(this.last, event, this.lastLength) : NOTHING_SHARED;
    const length = event.length - shared.start - shared.end;
    this.record(this.appendPart(event, shared.start, length), length, shared.start, shared.end);
    this.size += length + EVENT_RECORD_BYTES;
    this.remember(event);
    return numberedEvent(seq, event);
  }

  /** Drops the oldest kept event (the next becomes whole); gives back the bytes it freed. */
  dropOldest(): number {
    if (this.count === 0) return 0;
    const before = this.size;
    if (this.count === 1) {
      this.clear();
      return before;
    }
    // The second becomes the first: rebuilt whole and kept so.
    const second = this.eventAt(1);
    const at = this.head * FIELDS;
    this.size -= this.field(at + 1) + EVENT_RECORD_BYTES;
    const next = (this.head + 1) * FIELDS;
    this.size -= this.field(next + 1);
    this.head += 1;
    this.count -= 1;
    this.records[next] = this.append(second);
    this.records[next + 1] = second.length;
    this.records[next + 2] = 0;
    this.records[next + 3] = 0;
    this.size += second.length;
    this.compactIfWasted();
    return before - this.size;
  }

  /** The kept events after `lastEventId`, numbered, rebuilt in order. */
  after(lastEventId: number): Buffer[] {
    const out: Buffer[] = [];
    let event: Buffer | null = null;
    for (let k = 0; k < this.count; k += 1) {
      event = this.rebuild(k, event);
      const seq = this.firstKept + k;
      if (seq > lastEventId) out.push(numberedEvent(seq, event));
    }
    return out;
  }

  /**
   * No event will be added (the answer ended): its buffers shrink to what they hold and the last
   * event's copy goes. Issue 55 §3: an ended answer is kept a minute for a client that missed its
   * end, and the room its buffers had grown for (up to half again) was most of what it took.
   */
  settle(): void {
    if (this.count === 0) return this.clear();
    if (this.used < this.bytes.length) {
      const fitted = Buffer.allocUnsafeSlow(this.used);
      fitted.set(this.bytes.subarray(0, this.used), 0);
      this.bytes = fitted;
    }
    const live = this.records.subarray(this.head * FIELDS, (this.head + this.count) * FIELDS);
    if (live.length < this.records.length) {
      this.records = live.slice();
      this.head = 0;
    }
    this.last = NO_BYTES;
    this.lastLength = 0;
  }

  clear(): void {
    this.bytes = NO_BYTES;
    this.used = 0;
    this.records = NO_RECORDS;
    this.last = NO_BYTES;
    this.head = 0;
    this.count = 0;
    this.size = 0;
    this.lastLength = 0;
  }

  /** The k-th kept event whole (from the first kept: resumes and drops only). */
  private eventAt(k: number): Buffer {
    let event: Buffer | null = null;
    for (let i = 0; i <= k; i += 1) event = this.rebuild(i, event);
    return event as Buffer;
  }

  /** A number of a kept event's record: the records of the kept events are all within `records`. */
  private field(at: number): number {
    return required(this.records[at], "a kept event's record");
  }

  /** The k-th kept event, from the one before it (null for the first, which is whole). */
  private rebuild(k: number, previous: Buffer | null): Buffer {
    const at = (this.head + k) * FIELDS;
    const offset = this.field(at);
    const length = this.field(at + 1);
    const start = this.field(at + 2);
    const end = this.field(at + 3);
    const middle = this.bytes.subarray(offset, offset + length);
    if (!previous || (start === 0 && end === 0)) return Buffer.from(middle);
    const whole = Buffer.allocUnsafe(start + length + end);
    previous.copy(whole, 0, 0, start);
    middle.copy(whole, start);
    previous.copy(whole, start + length, previous.length - end);
    return whole;
  }

  private append(piece: Buffer): number {
    return this.appendPart(piece, 0, piece.length);
  }

  /** Appends `length` bytes of `event` from `from` (a few bytes: walked, not sliced and copied). */
  private appendPart(event: Buffer, from: number, length: number): number {
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.used + length, FIRST_BYTES));
      grown.set(this.bytes.subarray(0, this.used), 0);
      this.bytes = grown;
    }
    const offset = this.used;
    const bytes = this.bytes;
    if (length > 64) bytes.set(event.subarray(from, from + length), offset);
    else for (let k = 0; k < length; k += 1) bytes[offset + k] = event[from + k] as number;
    this.used += length;
    return offset;
  }

  private record(offset: number, length: number, start: number, end: number) {
    if ((this.head + this.count + 1) * FIELDS > this.records.length) {
      // Room at the back: the dropped records' room at the front is taken back, or the list doubles.
      const live = this.records.subarray(this.head * FIELDS, (this.head + this.count) * FIELDS);
      const target =
        this.head >= this.count && this.head > 0 ? this.records : new Int32Array(Math.max(this.records.length * 2, FIRST_EVENTS * FIELDS));
      target.set(live);
      this.records = target;
      this.head = 0;
    }
    const at = (this.head + this.count) * FIELDS;
    this.records[at] = offset;
    this.records[at + 1] = length;
    this.records[at + 2] = start;
    this.records[at + 3] = end;
    this.count += 1;
  }

  private remember(event: Buffer) {
    if (event.length > this.last.length) this.last = Buffer.allocUnsafeSlow(Math.max(event.length, this.last.length * 2, 256));
    this.last.set(event, 0);
    this.lastLength = event.length;
  }

  /** Once the dropped events' bytes outweigh the kept ones', the kept ones move to a buffer of their size. */
  private compactIfWasted() {
    const live = this.size - this.count * EVENT_RECORD_BYTES;
    if (this.used - live <= live || this.used < FIRST_BYTES) return;
    const moved = Buffer.allocUnsafeSlow(Math.max(FIRST_BYTES, live * 2));
    let used = 0;
    for (let k = 0; k < this.count; k += 1) {
      const at = (this.head + k) * FIELDS;
      const offset = this.field(at);
      const length = this.field(at + 1);
      this.bytes.copy(moved, used, offset, offset + length);
      this.records[at] = used;
      used += length;
    }
    this.bytes = moved;
    this.used = used;
  }
}
