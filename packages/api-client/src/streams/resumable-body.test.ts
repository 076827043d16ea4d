import { expect, test, vi } from "vitest";
import { HttpError } from "../errors";
import { readModelStream } from "./model-stream";
import { resumableBody } from "./resumable-body";

// Issue 35 §2: the client's side of a resumable answer, with a network that fails on demand.

const encoder = new TextEncoder();
const event = (id: number, word: string) => `id: ${id}\ndata: ${JSON.stringify({ choices: [{ delta: { content: word } }] })}\n\n`;
const WORDS = ["Uno", " due", " tre", " quattro", " cinque", " sei"];
const ALL = WORDS.map((word, n) => event(n + 1, word)).join("") + "id: 7\ndata: [DONE]\n\n";

/** A body that sends `text` cut into `parts` and then fails as a dropped connection does. */
function droppingBody(text: string, cutAt: number): Response {
  let sent = false;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new TypeError("network error"));
        sent = true;
        controller.enqueue(encoder.encode(text.slice(0, cutAt)));
      },
    }),
  );
}

/** The server's side: the events after `lastEventId`. */
const serverFrom = (lastEventId: string | null) => {
  const after = Number(lastEventId ?? 0);
  const events = ALL.split("\n\n")
    .filter(Boolean)
    .filter((block) => Number(/^id: (\d+)/.exec(block)?.[1]) > after);
  return new Response(events.map((block) => `${block}\n\n`).join(""));
};

async function words(body: ReadableStream<Uint8Array>) {
  let text = "";
  for await (const delta of readModelStream(body)) text += delta.content;
  return text;
}

test("a connection dropped in the middle of an event resumes from the last whole one: nothing lost, nothing twice", async () => {
  // Cut inside the third event (its `data:` half received).
  const cutAt = ALL.indexOf(" tre") - 5;
  const resume = vi.fn(async (lastEventId: string | null) => serverFrom(lastEventId));
  const body = resumableBody(droppingBody(ALL, cutAt), { resume, signal: new AbortController().signal, wait: async () => {} });
  expect(await words(body)).toBe(WORDS.join(""));
  expect(resume).toHaveBeenCalledExactlyOnceWith("2");
});

test("a network still down is tried again, then given up with its error", async () => {
  const down = vi.fn(async () => {
    throw new TypeError("network error");
  });
  const body = resumableBody(droppingBody(ALL, ALL.indexOf("id: 2")), {
    resume: down,
    signal: new AbortController().signal,
    wait: async () => {},
    waitsMs: [1, 1, 1],
  });
  await expect(words(body)).rejects.toThrow("network error");
  expect(down).toHaveBeenCalledTimes(3);
  const comesBack = vi
    .fn()
    .mockRejectedValueOnce(new TypeError("network error"))
    .mockImplementation(async (last: string | null) => serverFrom(last));
  const again = resumableBody(droppingBody(ALL, ALL.indexOf("id: 2")), {
    resume: comesBack,
    signal: new AbortController().signal,
    wait: async () => {},
  });
  expect(await words(again)).toBe(WORDS.join(""));
});

test("the server's refusal (the answer is gone) ends it at once with the server's words", async () => {
  const gone = vi.fn(async () => {
    throw new HttpError(404, { error: "Questa risposta non è più disponibile" });
  });
  const body = resumableBody(droppingBody(ALL, ALL.indexOf("id: 3")), {
    resume: gone,
    signal: new AbortController().signal,
    wait: async () => {},
  });
  await expect(words(body)).rejects.toBeInstanceOf(HttpError);
  expect(gone).toHaveBeenCalledOnce();
});

test("a reader that stopped is not resumed", async () => {
  const stop = new AbortController();
  stop.abort();
  const resume = vi.fn(async (last: string | null) => serverFrom(last));
  const body = resumableBody(droppingBody(ALL, 10), { resume, signal: stop.signal, wait: async () => {} });
  await expect(words(body)).rejects.toThrow("network error");
  expect(resume).not.toHaveBeenCalled();
});

test("an answer that never drops passes through whole, its ids unseen by the reader", async () => {
  const resume = vi.fn();
  expect(await words(resumableBody(new Response(ALL), { resume, signal: new AbortController().signal }))).toBe(WORDS.join(""));
  expect(resume).not.toHaveBeenCalled();
});

test("a reader that stops at the answer's end while the connection is still open asks nothing again", async () => {
  // The whole answer, then a connection the server has not closed yet: the reader cancels it.
  const open = new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(ALL));
      },
      pull: () => new Promise<void>(() => {}),
    }),
  );
  const resume = vi.fn(async (lastEventId: string | null) => serverFrom(lastEventId));
  const body = resumableBody(open, { resume, signal: new AbortController().signal, wait: async () => {} });
  expect(await words(body)).toBe(WORDS.join(""));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(resume).not.toHaveBeenCalled();
});
