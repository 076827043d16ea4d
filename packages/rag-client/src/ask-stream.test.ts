import { citedPassage, virtualTime } from "@oystar/conversation/testing";
import { createApiClient, HttpError, STOPPED_BY_USER, StreamError } from "@oystar/api-client";
import { describe, expect, test } from "vitest";
import { AnswerStalledError, ANSWER_IDLE_TIMEOUT_MS, classifyFailure, MODEL_CALL_TIMEOUT_MS } from "@oystar/conversation";
import { httpAskStream, httpResumeAsk, RAG_FAILURE_WORDS } from "./ask-stream";
import { ragMessages } from "./messages";

// The real API client and stream reader over a Response the test writes (the server's own
// tests cover the other end of the wire).

function eventStream(text: string, status = 200): Response {
  return new Response(new Blob([text]).stream(), { status, headers: { "Content-Type": "text/event-stream" } });
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** A source as the server sends it (issue 38 §1). */
const SOURCE = citedPassage({ noteNumber: 1, chunkId: "7", title: "T", filename: "t.md" });

describe("POST /api/ask-stream", () => {
  test("sends the request as JSON with the bearer token and reads the events up to `event: end`", async () => {
    const seen: Request[] = [];
    const api = createApiClient({
      getAccessToken: async () => "tok",
      fetch: async (input, init) => {
        seen.push(new Request(input, init));
        return eventStream(
          'data: {"sources":[{"noteNumber":1,"chunkId":"7","document":"gardenroute-demo/t.md","title":"T","filename":"t.md","url":null,"page":null,"place":null,"excerpt":"","support":null}]}\n\ndata: {"chunk":"Ciao [1]"}\n\ndata: {oops}\n\nevent: end\ndata: {}\n\ndata: {"chunk":"dopo"}\n\n',
        );
      },
    });
    const logged: string[] = [];
    const events = await collect(
      httpAskStream(api, { log: (line) => logged.push(line) })({ question: "Ciao?" }, new AbortController().signal),
    );
    expect(events).toEqual([{ sources: [SOURCE] }, { chunk: "Ciao [1]" }]);
    expect(logged).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe("POST");
    expect(new URL(request!.url).pathname).toBe("/api/ask-stream");
    expect(request?.headers.get("authorization")).toBe("Bearer tok");
    expect(request?.headers.get("accept")).toBe("text/event-stream");
    expect(await request?.json()).toEqual({ question: "Ciao?" });
  });

  test("a refusal is an HttpError with the server's words; an error event is a StreamError", async () => {
    const refusing = createApiClient({ fetch: async () => Response.json({ error: "Quota esaurita" }, { status: 429 }) });
    const refusal = await collect(httpAskStream(refusing)({ question: "?" }, new AbortController().signal)).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(HttpError);
    expect(classifyFailure(refusal, RAG_FAILURE_WORDS)).toEqual({ kind: "quota", blockInput: true });

    const failing = createApiClient({
      fetch: async () => eventStream(`data: {"chunk":"a"}\n\nevent: error\ndata: {"error":"${ragMessages.generic}"}\n\n`),
    });
    const failure = await collect(httpAskStream(failing)({ question: "?" }, new AbortController().signal)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StreamError);
    expect(classifyFailure(failure, RAG_FAILURE_WORDS)).toEqual({
      kind: "error",
      message: ragMessages.generic,
      detail: "Stream error occurred",
    });
  });

  test("spec 001 §8: 'HTTP error! status: {n}' and 'No response body' as the detail", () => {
    expect(classifyFailure(new HttpError(502, "Bad gateway"), RAG_FAILURE_WORDS)).toEqual({
      kind: "error",
      message: ragMessages.generic,
      detail: "HTTP error! status: 502",
    });
    expect(classifyFailure(new Error("No response body"), RAG_FAILURE_WORDS)).toEqual({
      kind: "error",
      message: ragMessages.generic,
      detail: "No response body",
    });
    expect(classifyFailure(new Error("Token scaduto"), RAG_FAILURE_WORDS).kind).toBe("auth");
  });
});

describe("issue 35 §2: an answer the server holds", () => {
  const HELD = "abcdefghijklmnopqrstuvwx";
  const events = [
    'id: 1\ndata: {"sources":[{"noteNumber":1,"chunkId":"7","document":"gardenroute-demo/t.md","title":"T","filename":"t.md","url":null,"page":null,"place":null,"excerpt":"","support":null}]}\n\n',
    'id: 2\ndata: {"chunk":"Il giardino "}\n\n',
    'id: 3\ndata: {"chunk":"fiorisce [1]"}\n\n',
    "id: 4\nevent: end\ndata: {}\n\n",
  ];
  /** The first answer: two events, then the connection drops. */
  function dropping(): Response {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new TypeError("network error"));
        sent = true;
        controller.enqueue(new TextEncoder().encode(events.slice(0, 2).join("")));
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/event-stream", "Oystar-Stream-Id": HELD } });
  }

  test("is asked for, and a connection that drops resumes from the last event: nothing lost, nothing twice", async () => {
    const seen: Request[] = [];
    const api = createApiClient({
      getAccessToken: async () => "tok",
      fetch: async (input, init) => {
        const request = new Request(new URL(String(input), "http://oystar.test"), init);
        seen.push(request);
        if (request.method === "POST") return dropping();
        const after = Number(request.headers.get("last-event-id") ?? 0);
        return eventStream(events.slice(after).join(""));
      },
    });
    const answer = await collect(httpAskStream(api)({ question: "Quando?" }, new AbortController().signal));
    expect(answer).toEqual([{ sources: [SOURCE] }, { chunk: "Il giardino " }, { chunk: "fiorisce [1]" }]);
    expect(seen[0]?.headers.get("oystar-resumable")).toBe("1");
    expect(
      seen
        .slice(1)
        .map((request) => [
          request.method,
          new URL(request.url).pathname,
          request.headers.get("last-event-id"),
          request.headers.get("authorization"),
        ]),
    ).toEqual([["GET", `/api/streams/${HELD}`, "2", "Bearer tok"]]);
  });

  test("an answer the server no longer holds says so in its words; STOP stops it on the server", async () => {
    const gone = createApiClient({
      fetch: async (_input, init) =>
        init?.method === "POST" ? dropping() : Response.json({ error: "Questa risposta non è più disponibile" }, { status: 404 }),
    });
    const failure = await collect(httpAskStream(gone)({ question: "?" }, new AbortController().signal)).catch((error: unknown) => error);
    expect(classifyFailure(failure, RAG_FAILURE_WORDS)).toEqual({ kind: "stalled", message: "Questa risposta non è più disponibile" });

    const deleted: string[] = [];
    let release = () => {};
    const slow = createApiClient({
      fetch: async (input, init) => {
        if (init?.method === "DELETE") {
          deleted.push(String(input));
          return new Response(null, { status: 204 });
        }
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(events[0]!));
            release = () => controller.error(new DOMException("aborted", "AbortError"));
          },
        });
        init?.signal?.addEventListener("abort", () => release());
        return new Response(body, { headers: { "Content-Type": "text/event-stream", "Oystar-Stream-Id": HELD } });
      },
    });
    const stop = new AbortController();
    const reading = httpAskStream(slow)({ question: "?" }, stop.signal)[Symbol.asyncIterator]();
    // The sources arrived; then the user presses STOP.
    expect((await reading.next()).value).toEqual({ sources: [SOURCE] });
    stop.abort(STOPPED_BY_USER);
    await reading.next().catch(() => null);
    expect(deleted).toEqual([`/api/streams/${HELD}`]);
  });

  test("the answer is held where the server said; a reloaded page reads it from its first event, and a refusal says it is gone", async () => {
    const heard: string[] = [];
    const asking = createApiClient({ fetch: async () => eventStream(events.join("")) });
    const held = new Response(new Blob([events.join("")]).stream(), {
      headers: { "Content-Type": "text/event-stream", "Oystar-Stream-Id": HELD },
    });
    const holding = createApiClient({ fetch: async () => held });
    await collect(httpAskStream(holding)({ question: "Quando?" }, new AbortController().signal, (url) => heard.push(url)));
    await collect(httpAskStream(asking)({ question: "Quando?" }, new AbortController().signal, (url) => heard.push(url)));
    // Only the answer the server holds is named.
    expect(heard).toEqual([`/api/streams/${HELD}`]);

    const seen: Request[] = [];
    const reloaded = createApiClient({
      getAccessToken: async () => "tok",
      fetch: async (input, init) => {
        seen.push(new Request(new URL(String(input), "http://oystar.test"), init));
        return eventStream(events.join(""));
      },
    });
    const answer = await collect(httpResumeAsk(reloaded)(`/api/streams/${HELD}`, new AbortController().signal));
    expect(answer).toEqual([{ sources: [SOURCE] }, { chunk: "Il giardino " }, { chunk: "fiorisce [1]" }]);
    expect(
      seen.map((request) => [
        request.method,
        new URL(request.url).pathname,
        request.headers.get("last-event-id"),
        request.headers.get("authorization"),
      ]),
    ).toEqual([["GET", `/api/streams/${HELD}`, null, "Bearer tok"]]);

    const gone = createApiClient({ fetch: async () => Response.json({ error: "Questa risposta non è più disponibile" }, { status: 404 }) });
    const failure = await collect(httpResumeAsk(gone)(`/api/streams/${HELD}`, new AbortController().signal)).catch(
      (error: unknown) => error,
    );
    expect(classifyFailure(failure, RAG_FAILURE_WORDS)).toEqual({ kind: "stalled", message: "Questa risposta non è più disponibile" });
  });
});

test("issue 55 §1: refused by a busy server, the question is asked once more after its Retry-After, the wait told first", async () => {
  let asked = 0;
  const api = createApiClient({
    fetch: async () => {
      asked += 1;
      if (asked === 1)
        return Response.json({ error: "Servizio molto richiesto: riprova tra 3 s." }, { status: 503, headers: { "Retry-After": "3" } });
      return eventStream('data: {"chunk":"Eccomi"}\n\nevent: end\ndata: {}\n\n');
    },
  });
  const time = virtualTime();
  const told: number[] = [];
  const events = collect(
    httpAskStream(api, { log: () => {}, schedule: time.clock.later })(
      { question: "?" },
      new AbortController().signal,
      undefined,
      (seconds) => told.push(seconds),
    ),
  );
  await expect.poll(() => told).toEqual([3]);
  time.advance(2_999);
  expect(asked).toBe(1);
  time.advance(1);
  expect(await events).toEqual([{ chunk: "Eccomi" }]);
  expect(asked).toBe(2);
});

describe("issue 53 §3: spec 001 §8's limits, as the chat's and the debate's answers have them", () => {
  /** A server that sends the sources and a first piece, then nothing more, the connection open. */
  function silent() {
    return createApiClient({
      fetch: async (_input, init) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(`data: {"chunk":"Il giardino "}\n\n`));
            init?.signal?.addEventListener("abort", () => controller.error(init.signal?.reason));
          },
        });
        return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
      },
    });
  }

  test("an answer that goes silent is cut off after the idle limit; what arrived stays, and the card says why", async () => {
    const time = virtualTime();
    const reading = httpAskStream(silent(), { schedule: time.clock.later })({ question: "?" }, new AbortController().signal)[
      Symbol.asyncIterator
    ]();
    expect((await reading.next()).value).toEqual({ chunk: "Il giardino " });
    const next = reading.next();
    time.advance(ANSWER_IDLE_TIMEOUT_MS - 1);
    time.advance(1);
    const error = await next.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnswerStalledError);
    expect(classifyFailure(error, RAG_FAILURE_WORDS)).toEqual({
      kind: "stalled",
      message: "Il modello non ha inviato nulla per 30 secondi: la risposta è stata interrotta.",
    });
  });

  test("an answer that keeps sending is cut off after the total limit", async () => {
    const time = virtualTime();
    let send = (_text: string) => {};
    const trickling = createApiClient({
      fetch: async (_input, init) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            send = (text) => controller.enqueue(new TextEncoder().encode(text));
            init?.signal?.addEventListener("abort", () => controller.error(init.signal?.reason));
          },
        });
        return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
      },
    });
    const reading = httpAskStream(trickling, { schedule: time.clock.later })({ question: "?" }, new AbortController().signal)[
      Symbol.asyncIterator
    ]();
    const pieces: unknown[] = [];
    const all = (async () => {
      for (let next = await reading.next(); !next.done; next = await reading.next()) pieces.push(next.value);
    })().catch((caught: unknown) => caught);
    // A piece every 20 s: never idle for 30 s, but past the 120 s in all.
    for (let second = 0; second < MODEL_CALL_TIMEOUT_MS / 1000; second += 20) {
      await expect.poll(() => pieces.length).toBe(second / 20);
      send(`data: {"chunk":"${second} "}\n\n`);
      await expect.poll(() => pieces.length).toBe(second / 20 + 1);
      time.advance(20_000);
    }
    const error = await all;
    expect(error).toBeInstanceOf(AnswerStalledError);
    expect((error as AnswerStalledError).limit).toBe("total");
    expect(pieces).toHaveLength(6);
  });
});
