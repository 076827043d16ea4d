import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import type { EarlyEnd } from "../web/node-stream-answer";
import { HeldEvents } from "./held-events";
import { oldestFirst } from "./oldest-first";

// Issue 35 §2, DESIGN.md §5: an answer in progress is held in this process's memory — never in a
// table, a file or a log — so that a client whose connection dropped (a reload, a phone that slept)
// resumes it from the last event it received. The answer runs on whether or not a client reads it;
// it is dropped 2 minutes after its last client left, 60 s after it ended, or at once on STOP.

/** How long an answer nobody reads is held (and its model kept answering) for a client to come back. */
export const HOLD_AFTER_CLIENT_LEFT_MS = 2 * 60_000;
/** How long an ended answer stays for a client that missed its end. */
export const KEEP_AFTER_END_MS = 60_000;
/**
 * The most one answer keeps (its oldest events dropped first), counted as held (held-events.ts: a
 * model's event in a few bytes, an event unlike the one before whole). The longest answer the
 * product asks for (8,000 tokens, ~150 bytes an event whole in the OpenAI format) is at most 1.2 MB.
 */
export const ANSWER_BYTES = 2 * 1024 * 1024;
/** The most all answers of the process keep together (the oldest answers' oldest events dropped first). */
export const PROCESS_BYTES = 64 * 1024 * 1024;

/** Where a client reads an answer: the events it asked for, then each as it comes, then the end. */
export type AnswerReader = { write(event: Buffer): void; end(): void };

export type AnswersOptions = {
  holdAfterClientLeftMs?: number;
  keepAfterEndMs?: number;
  answerBytes?: number;
  processBytes?: number;
};

/** One answer in progress, as a client may find it again. */
export type HeldAnswer = {
  readonly id: string;
  readonly contentType: string;
  /**
   * Gives `reader` every event after `lastEventId` and then the rest as it comes. "gone" when some of
   * those events were dropped to keep within the bounds: the answer cannot be given whole.
   */
  attach(reader: AnswerReader, lastEventId: number): "attached" | "gone";
  /** The reader left (its connection closed): the answer goes on, held for it to come back. */
  detach(reader: AnswerReader): void;
  /** STOP: the model stops, the readers get what they have, the answer is dropped. */
  stop(): void;
};

export type AnswersInProgress = ReturnType<typeof answersInProgress>;

/** The process's answers in progress, each bound to the account that asked and an unguessable id. */
export function answersInProgress(options: AnswersOptions = {}) {
  const holdMs = options.holdAfterClientLeftMs ?? HOLD_AFTER_CLIENT_LEFT_MS;
  const keepMs = options.keepAfterEndMs ?? KEEP_AFTER_END_MS;
  const answerBytes = options.answerBytes ?? ANSWER_BYTES;
  const processBytes = options.processBytes ?? PROCESS_BYTES;
  // Insertion order is age: the process bound drops from the oldest answers first.
  const answers = new Map<string, Answer>();
  let processSize = 0;
  let answersMade = 0;
  // The answers holding events, by age: the process bound drops from the oldest (oldest-first.ts).
  const holding = oldestFirst<Answer>((answer) => answer.age);
  // Issue 47 §6: the requests still at work for each account before their answer is held (or
  // never held: the plain road), each with what stops it — so a deleted account's stop at once.
  const working = new Map<string, Set<() => void>>();

  class Answer implements HeldAnswer {
    readonly id = randomBytes(18).toString("base64url");
    readonly age = (answersMade += 1);
    /** Issue 55 §3: its events, each kept as its change from the one before (held-events.ts). */
    readonly events = new HeldEvents();
    readonly readers = new Set<AnswerReader>();
    ended = false;
    timer: NodeJS.Timeout | undefined;

    constructor(
      readonly accountId: string,
      readonly contentType: string,
      private stopModel: () => void,
    ) {}

    /**
     * The events of one piece of the model's answer: each numbered and kept, then all given to
     * each reader in one write (issue 37 §1: a write per event cost more than the event).
     */
    push(events: readonly Buffer[]) {
      // A model stopped (STOP) may still send a piece or two: the answer is over and dropped.
      if (this.ended || events.length === 0) return;
      // Issue 55 §3: a model's piece is nearly always one event: kept and written with no list made.
      const bytes = events.length === 1 ? this.keep(events[0] as Buffer) : Buffer.concat(events.map((event) => this.keep(event)));
      if (this.readers.size === 0) return;
      for (const reader of this.readers) reader.write(bytes);
    }

    keep(event: Buffer): Buffer {
      const before = this.events.size;
      const bytes = this.events.add(event);
      if (this.events.kept === 1) holding.add(this);
      processSize += this.events.size - before;
      while (this.events.size > answerBytes && this.events.kept > 1) this.dropOldest();
      if (processSize > processBytes) keepWithinProcess();
      return bytes;
    }

    dropOldest() {
      if (this.events.kept === 0) return;
      processSize -= this.events.dropOldest();
      if (this.events.kept === 0) holding.remove(this);
    }

    end() {
      if (this.ended) return;
      this.ended = true;
      for (const reader of this.readers) reader.end();
      this.readers.clear();
      // Issue 55 §3: kept a minute more for a client that missed its end, it keeps its events and
      // nothing else — its model is done (or stopped), and what stopped it (its request's signal,
      // the model's connection behind it) need not stay in memory with it.
      this.stopModel = () => {};
      this.events.settle();
      this.later(keepMs, () => this.forget());
    }

    attach(reader: AnswerReader, lastEventId: number): "attached" | "gone" {
      if (lastEventId + 1 < this.events.firstKept) return "gone";
      for (const bytes of this.events.after(lastEventId)) reader.write(bytes);
      if (this.ended) {
        reader.end();
        return "attached";
      }
      // Someone reads it again: it is no longer waiting to be dropped.
      clearTimeout(this.timer);
      this.readers.add(reader);
      return "attached";
    }

    detach(reader: AnswerReader) {
      if (!this.readers.delete(reader) || this.ended || this.readers.size > 0) return;
      this.later(holdMs, () => this.stop());
    }

    stop() {
      this.stopModel();
      this.end();
      this.forget();
    }

    later(ms: number, then: () => void) {
      clearTimeout(this.timer);
      this.timer = setTimeout(then, ms);
      // A held answer never keeps a stopping process alive.
      this.timer.unref();
    }

    forget() {
      clearTimeout(this.timer);
      if (answers.get(this.id) !== this) return;
      answers.delete(this.id);
      holding.remove(this);
      processSize -= this.events.size;
      this.events.clear();
    }
  }

  /** The oldest answers lose their oldest events first, until the process is within its bound. */
  function keepWithinProcess() {
    for (let oldest = holding.first(); oldest && processSize > processBytes; oldest = holding.first()) oldest.dropOldest();
  }

  return {
    /**
     * Holds the answer `source` is (an event stream's bytes): it is read to its end whoever reads
     * it, each event numbered with an `id:` line. `stopModel` stops the model behind it (STOP, or
     * nobody came back in time).
     */
    hold(accountId: string, source: Readable, contentType: string, stopModel: () => void, early?: EarlyEnd): HeldAnswer {
      const answer = new Answer(accountId, contentType, stopModel);
      answers.set(answer.id, answer);
      const events = eventSplitter();
      if (early) {
        // Ended before its source (a stopping server): the closing words are its last event, kept
        // for a client that resumes; whatever the source had half sent of an event is dropped.
        const stopListening = early.when(() => {
          if (answer.ended) return;
          answer.push([withoutBlankLine(early.closing)]);
          answer.end();
          stopModel();
          source.destroy();
          early.onCut();
        });
        source.once("close", stopListening);
      }
      source.on("data", (chunk: Buffer) => answer.push(events.add(chunk)));
      source.once("end", () => {
        answer.push(events.flush());
        answer.end();
      });
      // A source cut off mid-answer ends the answer where it stopped, as the direct relay does.
      source.once("error", () => answer.end());
      source.once("close", () => answer.end());
      // A source paused by whoever read its first bytes (a model's answer) flows again.
      source.resume();
      return answer;
    },

    /**
     * A request of the account's at work (its charge, its model's answer) until the returned
     * release is called: `stop` stops it if the account is deleted meanwhile.
     */
    begin(accountId: string, stop: () => void): () => void {
      const stops = working.get(accountId) ?? new Set();
      working.set(accountId, stops);
      stops.add(stop);
      return () => {
        stops.delete(stop);
        if (stops.size === 0 && working.get(accountId) === stops) working.delete(accountId);
      };
    },

    /**
     * Issue 47 §6, 'Elimina account': everything the account is doing in this process stops — its
     * requests at work, its held answers (their models stop, their readers end, nothing is kept).
     * How many were stopped.
     */
    stopAccount(accountId: string): number {
      const stops = [...(working.get(accountId) ?? [])];
      working.delete(accountId);
      for (const stop of stops) stop();
      const held = [...answers.values()].filter((answer) => answer.accountId === accountId);
      for (const answer of held) answer.stop();
      return stops.length + held.length;
    },

    /** The account's answer of that id; null for an unknown, expired or another account's id alike. */
    find(accountId: string, id: string): HeldAnswer | null {
      const answer = answers.get(id);
      return answer && answer.accountId === accountId ? answer : null;
    },

    /** What is held, for health and tests: answers and bytes. */
    held: () => ({ answers: answers.size, bytes: processSize }),
  };
}

/** An event as the splitter gives it: its text, without the blank line that ends it. */
const withoutBlankLine = (event: Buffer) => Buffer.from(event.toString("utf8").replace(/(\r?\n)+$/, ""));
const NOTHING = Buffer.alloc(0);
const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits an event stream's bytes into its events (the blocks between blank lines, LF or CRLF), so
 * that each can be numbered and a resume starts at an event's beginning, never inside one.
 * Issue 55 §3: one walk over the piece's bytes, looking at each line feed once — a model's piece is
 * one event of ~220 bytes, and the three native searches this replaces (one per kind of blank line,
 * then again after the event) cost more in their calls than the bytes did. The splitter before
 * issue 37 is kept as the reference it must match (coalesced-events.test.ts).
 */
function eventSplitter() {
  let pending: Buffer = NOTHING;
  return {
    /** The events this piece completes, in order. */
    add(chunk: Buffer): Buffer[] {
      const bytes = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      const events: Buffer[] = [];
      let from = 0;
      for (let at = 0; at < bytes.length; at += 1) {
        if (bytes[at] !== LF) continue;
        // The first blank line from `from` on: "\n\n" starting at this line feed, or "\r\n\r\n"
        // starting just before it (never both: the byte after it is a line feed or a return).
        let end: number;
        let next: number;
        if (bytes[at + 1] === LF) {
          end = at;
          next = at + 2;
        } else if (at - 1 >= from && bytes[at - 1] === CR && bytes[at + 1] === CR && bytes[at + 2] === LF) {
          end = at - 1;
          next = at + 3;
        } else continue;
        if (end > from) events.push(bytes.subarray(from, end));
        from = next;
        at = next - 1;
      }
      pending = from === bytes.length ? NOTHING : bytes.subarray(from);
      return events;
    },
    /** The stream ended: a last event with no blank line after it is an event too. */
    flush(): Buffer[] {
      const rest = pending.toString("utf8").trim();
      pending = NOTHING;
      return rest ? [Buffer.from(rest)] : [];
    },
  };
}
