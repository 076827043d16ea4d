import { expect, test, vi } from "vitest";
import { readLines } from "./lines";
import { readModelStream } from "./model-stream";
import { readProductStream, StreamError } from "./product-stream";

/** A body delivered in the given byte chunks, as a network would split it. */
function bodyOf(...parts: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(typeof part === "string" ? encoder.encode(part) : part);
      controller.close();
    },
  });
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

test("product stream: chunks split mid-line and mid-character come out whole", async () => {
  const bytes = new TextEncoder().encode('data: {"chunk":"perché"}\n\n');
  const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of "é"
  const items = await collect(
    readProductStream(bodyOf(bytes.slice(0, 7), bytes.slice(7, cut), bytes.slice(cut), "event: end\ndata: {}\n\n")),
  );
  expect(items).toEqual([{ chunk: "perché" }]);
});

test("product stream: CRLF lines, sources and context usage, then end", async () => {
  const items = await collect(
    readProductStream(
      bodyOf(
        'data: {"chunk":"Il giardino [1]"}\r\n\r\n',
        'data: {"sources":[{"noteNumber":1,"chunkId":"31","document":"demo/giardini.pdf","title":"Giardini","filename":"giardini.pdf","url":"https://example.org/g","page":null,"place":null,"excerpt":"Il giardino","support":null}],"contextUsage":12}\r\n\r\n',
        "event: end\r\ndata: {}\r\n\r\n",
        'data: {"chunk":"after the end"}\n\n',
      ),
    ),
  );
  expect(items).toHaveLength(2);
  expect(items[0]).toEqual({ chunk: "Il giardino [1]" });
  expect(items[1]?.contextUsage).toBe(12);
  expect(items[1]?.sources?.[0]).toMatchObject({ filename: "giardini.pdf", noteNumber: 1 });
});

test("product stream: one unparseable line is skipped and reported", async () => {
  const onParseError = vi.fn();
  const items = await collect(
    readProductStream(bodyOf('data: {"chunk":"a"}\n\n', "data: {not json\n\n", 'data: {"chunk":"b"}\n\n'), { onParseError }),
  );
  expect(items).toEqual([{ chunk: "a" }, { chunk: "b" }]);
  expect(onParseError).toHaveBeenCalledOnce();
});

test("product stream: an error event throws 'Stream error occurred' and keeps the detail", async () => {
  const error = await collect(
    readProductStream(bodyOf('data: {"chunk":"a"}\n\n', 'event: error\ndata: {"error":"Indice non trovato"}\n\n')),
  ).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(StreamError);
  expect((error as StreamError).message).toBe("Stream error occurred");
  expect((error as StreamError).detail).toBe("Indice non trovato");
});

test("product stream: a body that closes early ends quietly", async () => {
  const items = await collect(readProductStream(bodyOf('data: {"chunk":"a"}\n\n', 'data: {"chunk":"b"}')));
  expect(items).toEqual([{ chunk: "a" }, { chunk: "b" }]);
});

test("a missing body is 'No response body'", async () => {
  await expect(collect(readProductStream(new Response(null)))).rejects.toThrow("No response body");
});

test("model stream: OpenAI-style deltas until [DONE]", async () => {
  const line = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
  const items = await collect(
    readModelStream(bodyOf(line("Cia"), line("o!"), 'data: {"choices":[{"delta":{}}]}\n\n', "data: [DONE]\n\n", line("ignored"))),
  );
  expect(items.map((item) => item.content).join("")).toBe("Ciao!");
});

test("model stream: a product's named events go to onEvent, never into the answer; a reader without it skips them", async () => {
  const line = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
  // A named event may even look like an error or a local-style line: it is not the model's.
  const parts = [
    'event: debate-passages\ndata: {"passages":[],"error":"x"}\n\n',
    line("Ciao"),
    'event: debate-quotes\ndata: {"response":"no"}\n\n',
    line("!"),
    "data: [DONE]\n\n",
  ];
  const events: Array<[string, string]> = [];
  const read = await collect(readModelStream(bodyOf(...parts), { onEvent: (name, data) => events.push([name, data]) }));
  expect(read.map((item) => item.content).join("")).toBe("Ciao!");
  expect(events).toEqual([
    ["debate-passages", '{"passages":[],"error":"x"}'],
    ["debate-quotes", '{"response":"no"}'],
  ]);
  expect((await collect(readModelStream(bodyOf(...parts)))).map((item) => item.content).join("")).toBe("Ciao!");
});

test("model stream: reasoning deltas are kept apart from the answer", async () => {
  const items = await collect(readModelStream(bodyOf('data: {"choices":[{"delta":{"reasoning":"penso"}}]}\n')));
  expect(items).toEqual([{ content: "", reasoning: "penso" }]);
});

test("model stream: local-style lines with response and done", async () => {
  const items = await collect(
    readModelStream(
      bodyOf('{"response":"Buon","done":false}\n{"response":"giorno","done":false}\n{"response":"","done":true}\n{"response":"x"}\n'),
    ),
  );
  expect(items).toEqual([{ content: "Buon" }, { content: "giorno" }]);
});

test("model stream: an error line throws its message; garbage is skipped", async () => {
  const onParseError = vi.fn();
  const stream = readModelStream(bodyOf("data: <html>\n", '{"error":"model not found"}\n'), { onParseError });
  await expect(collect(stream)).rejects.toThrow("model not found");
  expect(onParseError).toHaveBeenCalledOnce();
});

// Issue 52 §7: the reader stopped at '[DONE]' and cancelled the rest of the body — the browser
// then ended every answer's request as net::ERR_ABORTED.
test("model stream: after '[DONE]' the body ends as the server ends it, never cancelled", async () => {
  const cancel = vi.fn();
  let close: () => void = () => {};
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`data: ${JSON.stringify({ choices: [{ delta: { content: "Ciao" } }] })}\n\ndata: [DONE]\n\n`));
      close = () => controller.close();
    },
    cancel,
  });
  const reading = (async () => {
    const deltas: string[] = [];
    for await (const delta of readModelStream(body)) deltas.push(delta.content);
    return deltas;
  })();
  // The server ends the response a moment after its last line.
  await new Promise((resolve) => setTimeout(resolve, 10));
  close();
  expect(await reading).toEqual(["Ciao"]);
  expect(cancel).not.toHaveBeenCalled();
});

test("a body that stays open after the reader is done is cancelled once its grace has passed", async () => {
  const cancel = vi.fn();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("uno\ndue\n"));
    },
    cancel,
  });
  for await (const line of readLines(body, 20)) if (line === "uno") break;
  expect(cancel).toHaveBeenCalledTimes(1);
});
