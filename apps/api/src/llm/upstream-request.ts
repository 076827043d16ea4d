import { request as httpRequest, Agent as HttpAgent, type IncomingMessage } from "node:http";
import { request as httpsRequest, Agent as HttpsAgent } from "node:https";
import type { Upstream } from "../env";

// Kept-alive connections to the model server: a question should not pay for a new TCP (or TLS)
// handshake, and node:http adds less per request than fetch does on the path to the first token.
const agents = { "http:": new HttpAgent({ keepAlive: true }), "https:": new HttpsAgent({ keepAlive: true }) };

/** The answer's head, and its body as the Node stream it arrives on (the gateway pipes it on as is). */
export type UpstreamResponse = { status: number; contentType: string | null; body: IncomingMessage };


/** Where questions go, and what every request there carries. */
export type UpstreamEndpoint = { target: URL; agent: HttpAgent; send: typeof httpRequest; headers: Readonly<Record<string, string>> };

const endpoints = new WeakMap<Upstream, UpstreamEndpoint>();

/** The model server's key, as every request to it carries it (none for a local server without one). */
export const upstreamAuthorization = (upstream: Upstream): Record<string, string> => (upstream.apiKey ? { Authorization: `Bearer ${upstream.apiKey}` } : {});

/** The model server's chat completions, worked out once per upstream rather than per question. */
export function completionsEndpoint(upstream: Upstream): UpstreamEndpoint {
  let endpoint = endpoints.get(upstream);
  if (!endpoint) {
    const target = new URL(`${upstream.baseUrl}/chat/completions`);
    const secure = target.protocol === "https:";
    const headers = { "Content-Type": "application/json", ...upstreamAuthorization(upstream) };
    endpoint = { target, agent: secure ? agents["https:"] : agents["http:"], send: secure ? httpsRequest : httpRequest, headers };
    endpoints.set(upstream, endpoint);
  }
  return endpoint;
}

/** POSTs JSON to the model server; resolves when its answer's headers arrive. */
export function postUpstream({ target, agent, send, headers }: UpstreamEndpoint, body: string, signal: AbortSignal): Promise<UpstreamResponse> {
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
