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
export async function abortMidBody(
  url: string,
  options: { path: string; headers?: Record<string, string>; declaredBytes: number; sent: string },
) {
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

/**
 * `fetch` as a browser on the public origin makes it — the URL's host in the Host header — with
 * the connection made to `port` on this machine, wherever the public name points (a test may
 * point it at a trap). Redirects are not followed.
 */
export function fetchThrough(port: number) {
  return async (input: string, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    let body: string | Buffer | undefined;
    if (typeof init.body === "string") body = init.body;
    else if (init.body instanceof URLSearchParams) {
      body = init.body.toString();
      if (!headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
    } else if (init.body instanceof FormData) {
      // As a browser sends a form with files: multipart, with its boundary.
      const encoded = new Response(init.body);
      headers.set("content-type", encoded.headers.get("content-type") ?? "multipart/form-data");
      body = Buffer.from(await encoded.arrayBuffer());
    } else if (init.body != null) throw new Error("fetchThrough sends string, URLSearchParams and FormData bodies only");
    headers.set("host", url.host);
    if (body !== undefined) headers.set("content-length", String(Buffer.byteLength(body)));
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? "GET",
          headers: Object.fromEntries(headers),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              for (const item of [value ?? []].flat()) answerHeaders.append(name, item);
            const status = res.statusCode ?? 0;
            resolve(new Response([204, 205, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  };
}
