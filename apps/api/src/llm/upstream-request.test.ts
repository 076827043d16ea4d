import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { text } from "node:stream/consumers";
import { afterEach, expect, test } from "vitest";
import { completionsEndpoint, postUpstream } from "./upstream-request";

// The model server closes a kept-alive connection it finds idle; a question sent on it at that
// moment meets a reset before the server reads it (a journey failed so, 'ECONNRESET', on a
// busy machine). Here a model server resets every connection at its second request, at once.

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A model server that resets a connection at its second request ('reused'), or at every request ('always'). */
async function modelServerResetting(when: "reused" | "always") {
  const asked: string[] = [];
  let received = 0;
  const answeredOn = new WeakSet<object>();
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const question = await text(request);
    received += 1;
    if (when === "always" || answeredOn.has(request.socket)) {
      request.socket.resetAndDestroy();
      return;
    }
    answeredOn.add(request.socket);
    asked.push(question);
    response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ answered: question }));
  };
  server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // An upstream of its own: the kept-alive connection is this test's alone.
  const endpoint = completionsEndpoint({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: "chiave-di-prova", provider: "groq" } as never);
  return { asked, endpoint, received: () => received };
}

test("a question sent on a kept-alive connection the model server reset is asked again on a new one, once", async () => {
  const { asked, endpoint } = await modelServerResetting("reused");
  const first = await postUpstream(endpoint, '{"domanda":1}', new AbortController().signal);
  expect(await text(first.body)).toBe('{"answered":"{\\"domanda\\":1}"}');

  // The second question goes out on the same kept-alive connection, which the server resets.
  const second = await postUpstream(endpoint, '{"domanda":2}', new AbortController().signal);
  expect(second.status).toBe(200);
  expect(await text(second.body)).toBe('{"answered":"{\\"domanda\\":2}"}');
  // Each question reached the model once.
  expect(asked).toEqual(['{"domanda":1}', '{"domanda":2}']);
});

test("a connection reset while a question is on a new connection fails the question: the server may have read it", async () => {
  const { endpoint, received } = await modelServerResetting("always");
  await expect(postUpstream(endpoint, '{"domanda":1}', new AbortController().signal)).rejects.toMatchObject({ code: "ECONNRESET" });
  expect(received()).toBe(1);
});
