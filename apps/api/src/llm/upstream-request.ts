import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from "node:http";
import { request as httpsRequest, Agent as HttpsAgent } from "node:https";

// Kept-alive connections to the model server: a question should not pay for a new TCP (or TLS)
// handshake, and node:http adds less per request than fetch does on the path to the first token.
const agents = { "http:": new HttpAgent({ keepAlive: true }), "https:": new HttpsAgent({ keepAlive: true }) };

/** The answer's head, and its body as the Node stream it arrives on (the gateway pipes it on as is). */
export type UpstreamResponse = { status: number; contentType: string | null; body: IncomingMessage };

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
        body: incoming,
      }),
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
