import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from "node:http";
import { request as httpsRequest, Agent as HttpsAgent } from "node:https";
import { Readable } from "node:stream";

// Kept-alive connections to the model server: a question should not pay for a new TCP (or TLS)
// handshake, and node:http adds less per request than fetch does on the path to the first token.
const agents = { "http:": new HttpAgent({ keepAlive: true }), "https:": new HttpsAgent({ keepAlive: true }) };

export type UpstreamResponse = { status: number; contentType: string | null; body: ReadableStream<Uint8Array> };

/** POSTs JSON to the model server; resolves when its answer's headers arrive. */
export function postUpstream(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<UpstreamResponse> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const agent = target.protocol === "https:" ? agents["https:"] : agents["http:"];
  return new Promise((resolve, reject) => {
    const outgoing = send(target, { method: "POST", agent, signal, headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) } }, (incoming: IncomingMessage) =>
      resolve({
        status: incoming.statusCode ?? 0,
        contentType: incoming.headers["content-type"] ?? null,
        body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>,
      }),
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
