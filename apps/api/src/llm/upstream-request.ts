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
export const upstreamAuthorization = (upstream: Upstream): Record<string, string> =>
  upstream.apiKey ? { Authorization: `Bearer ${upstream.apiKey}` } : {};

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

/**
 * POSTs JSON to the model server; resolves when its answer's headers arrive. `requestId` names the
 * request it serves to the model server (issue 37 §5): its logs and ours meet on it.
 */
export function postUpstream(endpoint: UpstreamEndpoint, body: string, signal: AbortSignal, requestId?: string): Promise<UpstreamResponse> {
  const headers = {
    ...endpoint.headers,
    ...(requestId ? { "X-Request-Id": requestId } : {}),
    "Content-Length": String(Buffer.byteLength(body)),
  };
  return postOnce(endpoint, headers, body, signal).catch((error: unknown) => {
    // A kept-alive connection the model server closed while it sat idle is reset when reused,
    // before the server read the question: asked again on a new connection, it is asked once
    // (the case Node's documentation of `request.reusedSocket` describes).
    if (error instanceof StaleConnectionError && !signal.aborted) return postOnce(endpoint, headers, body, signal);
    throw error instanceof StaleConnectionError ? error.cause : error;
  });
}

/** A reused kept-alive connection was reset before any answer came: the question never arrived. */
class StaleConnectionError extends Error {}

function postOnce(
  { target, agent, send }: UpstreamEndpoint,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<UpstreamResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = send(target, { method: "POST", agent, signal, headers }, (incoming: IncomingMessage) =>
      resolve({
        status: incoming.statusCode ?? 0,
        contentType: incoming.headers["content-type"] ?? null,
        body: incoming,
      }),
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        outgoing.reusedSocket && error.code === "ECONNRESET"
          ? new StaleConnectionError("stale kept-alive connection", { cause: error })
          : error,
      ),
    );
    outgoing.end(body);
  });
}
