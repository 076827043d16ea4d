import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { ServerResponse } from "node:http";
import { PassThrough, Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

// An answer relayed from a Node stream (the model's answer through the gateway) is piped straight
// into the Node response: converting it to a web stream and @hono/node-server converting it back
// cost the first token a good part of the gateway's added time (issue 15 §3).
//
// Issue 53 §5: such an answer is an explicit object — a Response that also carries its Node stream
// (`NodeStreamAnswer`) or its producer's feed (`FedAnswer`) and its early end — passed along the
// middleware as the Response it is, rather than side tables keyed on the Response. Either stays an
// ordinary Response for the middleware (headers) and for a reader in-process (its web body).

/**
 * How an answer ends before its source does, with words of its own (streams/server-stopping.ts: a
 * stopping server's answers past its bounds): once `when` calls back, `closing` is the answer's
 * last bytes, its source is let go and `onCut` runs.
 */
export type EarlyEnd = {
  /** Calls `cut` when the answer must end (at once if it must already); gives back a way to stop listening. */
  when: (cut: () => void) => () => void;
  closing: Buffer;
  onCut: () => void;
};

/**
 * `response`, ending early as `end` says. A relayed answer keeps its own stream — the end is kept
 * on it and taken by whoever writes it (issue 37 §1: no stream in between for every event); a
 * web body (the offline model, RAG) is read through one that can end it.
 */
export function endingEarly(response: Response, end: EarlyEnd): Response {
  if (response instanceof NodeStreamAnswer) {
    response.earlyEnd = end;
    return response;
  }
  if (!response.body) return response;
  return new Response(endableWebBody(response.body, end), { status: response.status, headers: response.headers });
}

/** The early end a relayed answer carries, for the step that reads it itself (a held answer). */
export const earlyEndOf = (response: Response): EarlyEnd | undefined =>
  response instanceof NodeStreamAnswer ? response.earlyEnd : undefined;

function endableWebBody(source: ReadableStream<Uint8Array>, end: EarlyEnd): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let finished = false;
  let stopListening = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      stopListening = end.when(() => {
        if (finished) return;
        finished = true;
        controller.enqueue(end.closing);
        controller.close();
        reader.cancel().catch(() => {});
        end.onCut();
      });
    },
    async pull(controller) {
      if (finished) return;
      try {
        const { value, done } = await reader.read();
        if (finished) return;
        if (done) {
          finished = true;
          stopListening();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        if (finished) return;
        finished = true;
        stopListening();
        controller.error(error);
      }
    },
    cancel(reason) {
      finished = true;
      stopListening();
      return reader.cancel(reason);
    },
  });
}

/** Where a producer writes an answer it makes piece by piece (a held answer's reader). */
export type AnswerFeed = { write(bytes: Buffer): void; end(): void };

/**
 * An answer whose body is `first` then the rest of `source`. It is an ordinary Response, so the
 * middleware still adds its headers; the server then writes it from the Node stream.
 */
export class NodeStreamAnswer extends Response {
  readonly first: Buffer;
  readonly rest: Readable;
  /** How it ends before its source does, when a step said so (endingEarly). */
  earlyEnd: EarlyEnd | undefined;
  /** Read by a step itself (answerSource): its stream is then that step's, never sent as it is. */
  taken = false;

  constructor(first: Buffer, rest: Readable, init: ResponseInit, cancel: () => void) {
    super(webBody(first, rest, cancel), init);
    this.first = first;
    this.rest = rest;
  }
}

/** `cancel` runs if a web reader of the answer gives up. */
export function nodeStreamAnswer(first: Buffer, source: Readable, init: ResponseInit, cancel: () => void): Response {
  return new NodeStreamAnswer(first, source, init, cancel);
}

/** An answer its producer writes piece by piece; the server hands it the connection once it sends it. */
export class FedAnswer extends Response {
  readonly deliverTo: (sink: AnswerFeed) => void;

  constructor(body: ReadableStream<Uint8Array>, init: ResponseInit, deliverTo: (sink: AnswerFeed) => void) {
    super(body, init);
    this.deliverTo = deliverTo;
  }
}

/**
 * An answer its producer writes into `feed` (issue 37 §1): once the server sends it, each write
 * goes straight into the Node response — no stream between them to pass each event through.
 * Until then what is written waits, in order. A web reader of the Response (the app in-process)
 * is fed the same bytes; `cancel` runs if it gives up.
 */
export function fedAnswer(init: ResponseInit, cancel: () => void): { response: Response; feed: AnswerFeed } {
  let waiting: Buffer[] | null = [];
  let ended = false;
  let sink: AnswerFeed | null = null;
  const deliverTo = (to: AnswerFeed) => {
    if (sink) return;
    sink = to;
    for (const bytes of waiting ?? []) to.write(bytes);
    waiting = null;
    if (ended) to.end();
  };
  const feed: AnswerFeed = {
    write(bytes) {
      if (ended) return;
      if (sink) sink.write(bytes);
      else waiting?.push(bytes);
    },
    end() {
      if (ended) return;
      ended = true;
      sink?.end();
    },
  };
  let open = true;
  // Pulled only when a web reader reads (a high-water mark of 0): the Node road never builds it up.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        deliverTo({
          write: (bytes) => open && controller.enqueue(bytes),
          end: () => {
            if (open) controller.close();
            open = false;
          },
        });
      },
      cancel() {
        open = false;
        cancel();
      },
    },
    { highWaterMark: 0 },
  );
  return { response: new FedAnswer(body, init, deliverTo), feed };
}

/**
 * The app's fetch, writing answers made by `nodeStreamAnswer` to the Node response itself, with
 * the status and headers the app's middleware left on them.
 */
type Bindings = HttpBindings | Http2Bindings;

export function sendingNodeStreams(fetch: (request: Request, bindings: Bindings) => Response | Promise<Response>) {
  return async (request: Request, bindings: Bindings): Promise<Response> => {
    const response = await fetch(request, bindings);
    const outgoing = bindings?.outgoing;
    if (!(outgoing instanceof ServerResponse)) return response;
    if (response instanceof NodeStreamAnswer && !response.taken) {
      send(response, outgoing);
      return RESPONSE_ALREADY_SENT;
    }
    if (!(response instanceof FedAnswer)) return response;
    writeHead(response, outgoing);
    // The head goes at once, as for a streamed answer, whether or not an event is ready.
    outgoing.write(EMPTY);
    const open = () => !outgoing.writableEnded && !outgoing.destroyed;
    response.deliverTo({ write: (bytes) => open() && outgoing.write(bytes), end: () => open() && outgoing.end() });
    return RESPONSE_ALREADY_SENT;
  };
}

const EMPTY = Buffer.alloc(0);

function writeHead(response: Response, outgoing: ServerResponse) {
  const head: Record<string, string | string[]> = Object.fromEntries(response.headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) head["set-cookie"] = cookies;
  outgoing.writeHead(response.status, head);
}

function send(response: NodeStreamAnswer, outgoing: ServerResponse) {
  const { first, rest } = response;
  writeHead(response, outgoing);
  outgoing.write(first);
  // A source that fails mid-answer ends the answer where it stopped, as the web relay did.
  const end = () => {
    if (!outgoing.writableEnded && !outgoing.destroyed) outgoing.end();
  };
  rest.on("error", end).once("close", end);
  rest.pipe(outgoing);
  const early = response.earlyEnd;
  if (early) {
    const stopListening = early.when(() => {
      if (outgoing.writableEnded || outgoing.destroyed) return;
      rest.unpipe(outgoing);
      rest.destroy();
      outgoing.end(early.closing);
      early.onCut();
    });
    outgoing.once("close", stopListening);
  }
}

/** The same answer as a web stream, for a caller that reads the Response itself (the app in-process). */
function webBody(first: Buffer, source: Readable, cancel: () => void): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
    },
    async pull(controller) {
      reader ??= (Readable.toWeb(source) as ReadableStream<Uint8Array>).getReader();
      try {
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        controller.close();
      }
    },
    cancel() {
      cancel();
      source.destroy();
    },
  });
}

/**
 * An answer's bytes as one Node stream, whichever way it was made (a relayed model answer, or a
 * web stream): for a step that reads the answer itself (streams/resumable-answers.ts).
 */
export function answerSource(response: Response): Readable {
  if (response instanceof NodeStreamAnswer && !response.taken) {
    response.taken = true;
    const { first, rest } = response;
    // The answer's own stream, its first bytes put back in front (issue 37 §1): no stream between
    // the model and the reader to pass each event through. A stopped reader stops the model by
    // its signal, which ends this stream too.
    if (!rest.readableEnded && !rest.destroyed && !rest.readableObjectMode) {
      rest.unshift(first);
      return rest;
    }
    const whole = new PassThrough();
    whole.write(first);
    rest.once("error", () => whole.destroy()).pipe(whole);
    // Read whole, a model's kept-alive connection goes back to its pool; cut short, it is let go.
    whole.once("close", () => {
      if (!rest.readableEnded) rest.destroy();
    });
    return whole;
  }
  if (!response.body) return Readable.from([]);
  return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
}
