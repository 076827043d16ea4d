import { request } from "node:http";
import { connect } from "node:net";

export type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * One HTTP request written by hand, as an attacker would: any Host, a Content-Length that need
 * not match what is sent, a body sent in pieces (or never finished). Resolves with the answer.
 */
export function rawRequest(
  url: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string | number>;
    send?: (write: (chunk: string | Buffer) => boolean) => void;
    /** Another loopback address to come from (127.0.0.2 …): another visitor, for per-address limits. */
    localAddress?: string;
  },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const target = { host: hostname === "localhost" ? "127.0.0.1" : hostname, port, localAddress: options.localAddress };
    const req = request({ ...target, path: options.path, method: options.method ?? "GET", headers: options.headers }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    if (options.send) options.send((chunk) => req.write(chunk));
    else req.end();
  });
}

/**
 * A client that goes away mid-body: the request head with its Content-Length, part of the body,
 * a pause (the server is reading by then), then the connection is destroyed. Resolves once closed.
 */
export async function abortMidBody(url: string, options: { path: string; headers?: Record<string, string>; declaredBytes: number; sent: string }) {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname === "localhost" ? "127.0.0.1" : hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const head = [
    `POST ${options.path} HTTP/1.1`,
    `Host: ${new URL(url).host}`,
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${options.declaredBytes}`,
  ];
  socket.write(`${head.join("\r\n")}\r\n\r\n${options.sent}`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  await new Promise<void>((resolve) => {
    socket.once("close", () => resolve());
    socket.destroy();
  });
}
