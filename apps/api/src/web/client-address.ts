import { getConnInfo } from "@hono/node-server/conninfo";
import parseForwarded from "forwarded-parse";
import type { Context, MiddlewareHandler } from "hono";
import proxyAddr from "proxy-addr";

// issue 37 §4: behind a load balancer every visitor reaches the server from the balancer's address.
// The visitor's own address is in the header the balancer writes — but anybody can write that
// header, so it is believed only when the connection comes from a proxy the operator named
// (TRUSTED_PROXIES), and only as far as trusted proxies vouch for each hop: the client is the
// right-most hop that is not a trusted proxy. Everything else a caller writes there is ignored.

declare module "hono" {
  interface ContextVariableMap {
    /** The caller's address, as the trusted proxies vouch for it (web/client-address.ts). */
    clientAddress: string;
  }
}

/** The header the balancer writes the client's address in; the other one is never read. */
export type ForwardedHeader = "x-forwarded-for" | "forwarded";

export type TrustedProxies = {
  /** Addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal); empty: none. */
  proxies: readonly string[];
  header: ForwardedHeader;
};

/** What the server says when it cannot tell where a request came from (never expected on a socket). */
const UNKNOWN_ADDRESS = "sconosciuto";

/** Throws a TypeError naming the value that is neither an address, a range nor a known name. */
export function checkTrustedProxies(proxies: readonly string[]): void {
  proxyAddr.compile([...proxies]);
}

/**
 * The hops a request went through, nearest first: the connection's own address, then what the
 * proxies wrote, right to left (each proxy appends the address it was reached from).
 */
function hopsOf(socketAddress: string, headerValue: string | undefined, header: ForwardedHeader): string[] {
  if (!headerValue) return [socketAddress];
  const written = header === "forwarded" ? forwardedFor(headerValue) : headerValue.split(",").map((hop) => hop.trim());
  return [socketAddress, ...written.reverse()];
}

/** RFC 7239's `for=` of each element: `for="[2001:db8::1]:4711"` → `2001:db8::1`. A malformed header names no hop. */
function forwardedFor(value: string): string[] {
  try {
    return parseForwarded(value).map((element) => withoutPort(element.for ?? ""));
  } catch {
    return [];
  }
}

function withoutPort(node: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(node);
  if (bracketed?.[1]) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(node);
  return v4WithPort?.[1] ?? node;
}

/**
 * How a server finds its callers' addresses: from the connection's own address and the header
 * the balancer writes, walking from the connection towards the client to the first hop that is
 * not a trusted proxy (or the farthest one written, when every hop is trusted). With no trusted
 * proxy, the header is the caller's own words and is never read.
 */
export function clientAddressResolver(trusted: TrustedProxies): (socketAddress: string, headerValue: string | undefined) => string {
  if (trusted.proxies.length === 0) return (socketAddress) => socketAddress;
  const isTrusted = proxyAddr.compile([...trusted.proxies]);
  return (socketAddress, headerValue) => {
    const hops = hopsOf(socketAddress, headerValue, trusted.header).filter((hop) => hop !== "");
    for (let i = 0; i < hops.length - 1; i += 1) {
      const hop = hops[i] as string;
      if (!isTrusted(hop, i)) return hop;
    }
    return hops[hops.length - 1] ?? socketAddress;
  };
}

/** Sets `clientAddress` on every request, for the per-address limits. */
export function clientAddress(trusted: TrustedProxies): MiddlewareHandler {
  const resolve = clientAddressResolver(trusted);
  return async (c, next) => {
    c.set("clientAddress", resolve(socketAddressOf(c), c.req.header(trusted.header)));
    await next();
  };
}

function socketAddressOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_ADDRESS;
  } catch {
    // app.request() in a test has no socket.
    return UNKNOWN_ADDRESS;
  }
}
