import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A third party's double: an OpenAI-compatible model server on loopback, for journeys that need a
// model to say what the offline model never would (issue 28 §5: hostile text in every answer).
// It answers every chat completion with what `reply` makes of the request, streamed a few
// characters per event so that every payload is cut at many chunk boundaries on the way.

export type ChatCompletionRequest = { model?: string; stream?: boolean; messages?: Array<{ role: string; content: string }> };
export type FakeModel = { baseUrl: string; close: () => Promise<void> };
/**
 * An answer written in two halves: `before` at once, `after` once the journey lets it go on — a
 * model still writing while the journey does something in the middle (a reload), with no clock.
 */
export type HeldReply = { before: string; after: Promise<string> };

/** The largest piece of the answer one stream event carries: 1, 2 or 3 characters in turn. */
const PIECE_SIZES = [1, 2, 3];

async function body(request: IncomingMessage): Promise<ChatCompletionRequest> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  try {
    return JSON.parse(Buffer.concat(parts).toString("utf8")) as ChatCompletionRequest;
  } catch {
    return {};
  }
}

/** Splits the answer into pieces of 1–3 characters (whole code points). */
function pieces(text: string): string[] {
  const characters = [...text];
  const result: string[] = [];
  for (let at = 0, turn = 0; at < characters.length; turn += 1) {
    const size = PIECE_SIZES[turn % PIECE_SIZES.length]!;
    result.push(characters.slice(at, at + size).join(""));
    at += size;
  }
  return result;
}

async function stream(response: ServerResponse, model: string, reply: string | HeldReply) {
  response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
  const write = async (text: string) => {
    for (const piece of pieces(text)) {
      response.write(
        `data: ${JSON.stringify({ id: "fake", object: "chat.completion.chunk", model, choices: [{ index: 0, delta: { content: piece } }] })}\n\n`,
      );
      // Each event its own write on the wire, so the reader meets them in separate chunks.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  if (typeof reply === "string") await write(reply);
  else {
    await write(reply.before);
    await write(await reply.after);
  }
  response.end(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`);
}

export async function startFakeModel(reply: (request: ChatCompletionRequest) => string | HeldReply): Promise<FakeModel> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method === "GET" && request.url?.endsWith("/models")) {
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ object: "list", data: [] }));
        return;
      }
      if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
        response.writeHead(404).end();
        return;
      }
      const completion = await body(request);
      const model = completion.model ?? "fake";
      const answer = reply(completion);
      if (completion.stream) return stream(response, model, answer);
      const text = typeof answer === "string" ? answer : `${answer.before}${await answer.after}`;
      response.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          id: "fake",
          object: "chat.completion",
          model,
          choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
