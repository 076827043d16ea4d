import { createApiClient, HttpError, StreamError } from "@oystar/api-client";
import { describe, expect, test } from "vitest";
import { classifyFailure } from "@oystar/conversation";
import { httpAskStream, RAG_FAILURE_WORDS } from "./ask-stream";
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

describe("POST /api/ask-stream", () => {
  test("sends the request as JSON with the bearer token and reads the events up to `event: end`", async () => {
    const seen: Request[] = [];
    const api = createApiClient({
      getAccessToken: async () => "tok",
      fetch: async (input, init) => {
        seen.push(new Request(input, init));
        return eventStream('data: {"sources":[{"noteNumber":1,"title":"T"}]}\n\ndata: {"chunk":"Ciao [1]"}\n\ndata: {oops}\n\nevent: end\ndata: {}\n\ndata: {"chunk":"dopo"}\n\n');
      },
    });
    const logged: string[] = [];
    const events = await collect(httpAskStream(api, (line) => logged.push(line))({ question: "Ciao?" }, new AbortController().signal));
    expect(events).toEqual([{ sources: [{ noteNumber: 1, title: "T" }] }, { chunk: "Ciao [1]" }]);
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
    const refusal = await collect(httpAskStream(refusing)({ question: "?" }, new AbortController().signal)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(classifyFailure(refusal, RAG_FAILURE_WORDS)).toEqual({ kind: "quota", blockInput: true });

    const failing = createApiClient({ fetch: async () => eventStream(`data: {"chunk":"a"}\n\nevent: error\ndata: {"error":"${ragMessages.generic}"}\n\n`) });
    const failure = await collect(httpAskStream(failing)({ question: "?" }, new AbortController().signal)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StreamError);
    expect(classifyFailure(failure, RAG_FAILURE_WORDS)).toEqual({ kind: "error", message: ragMessages.generic, detail: "Stream error occurred" });
  });

  test("spec 001 §8: 'HTTP error! status: {n}' and 'No response body' as the detail", () => {
    expect(classifyFailure(new HttpError(502, "Bad gateway"), RAG_FAILURE_WORDS)).toEqual({ kind: "error", message: ragMessages.generic, detail: "HTTP error! status: 502" });
    expect(classifyFailure(new Error("No response body"), RAG_FAILURE_WORDS)).toEqual({ kind: "error", message: ragMessages.generic, detail: "No response body" });
    expect(classifyFailure(new Error("Token scaduto"), RAG_FAILURE_WORDS).kind).toBe("auth");
  });
});
