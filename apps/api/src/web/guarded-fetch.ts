import ipaddr from "ipaddr.js";
import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { fetchMessages } from "./messages";
import { required } from "../required";

// The web fetcher of ingestion (an admin turns a customer's list of URLs into an index): it must
// never become a way into our own network (SSRF). Rules:
//  - http and https only, no credentials in the URL;
//  - the host's address, however written (decimal, octal, hex, short IPv4 forms; IPv6 with
//    IPv4-mapped, -compatible, NAT64 or 6to4 addresses; trailing dots; names resolving to it),
//    must be public unicast: loopback, private, link-local (cloud metadata), CGNAT, unspecified,
//    multicast, broadcast, reserved and documentation ranges are refused;
//  - EVERY address a name resolves to must pass, and the connection goes to the address that
//    was checked (no second DNS lookup, so no rebinding between check and connect);
//  - redirects are followed by hand, each target checked again, at most MAX_REDIRECTS;
//  - the body is capped in size and the whole fetch in time; no compression (no zip bombs).
// URL parsing is WHATWG's (Node's URL), which already turns 0x7f.1, 2130706433 and 0177.0.0.1
// into 127.0.0.1 and refuses zone ids; ipaddr.js classifies the result.

export const MAX_REDIRECTS = 5;
export const MAX_PAGE_BYTES = 20 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 20_000;

export class BlockedUrlError extends Error {
  override name = "BlockedUrlError";
}

export class FetchFailedError extends Error {
  override name = "FetchFailedError";
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type AddressResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type GuardedFetchOptions = {
  resolve?: AddressResolver;
  maxRedirects?: number;
  maxBytes?: number;
  timeoutMs?: number;
  /**
   * Where a checked address is actually reached. The identity in production; tests route a
   * public address to a local server with it (a double of the network, not of the checks).
   */
  route?: (address: ResolvedAddress, port: number) => { address: ResolvedAddress; port: number };
} & PageRequest;

/**
 * What a caller may add to a fetch (issue 48, a website kept in sync): conditional headers
 * (`If-None-Match`, `If-Modified-Since`), and which redirects it follows — a site's reader never
 * leaves the site, whatever its pages redirect to.
 */
export type PageRequest = {
  headers?: Readonly<Record<string, string>>;
  redirectAllowed?: (target: URL) => boolean;
};

/** `etag` and `lastModified`: the validators the page came with, for the next conditional request. */
export type FetchedPage = {
  url: string;
  status: number;
  contentType: string | null;
  bytes: Uint8Array;
  etag?: string | null;
  lastModified?: string | null;
};

const systemResolver: AddressResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** Why an address may not be fetched, or null when it is public unicast. */
export function addressProblem(text: string): string | null {
  if (!ipaddr.isValid(text)) return fetchMessages.invalidAddress(text);
  let address = ipaddr.parse(text);
  if (address.kind() === "ipv6") {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) address = v6.toIPv4Address();
    // ::a.b.c.d (IPv4-compatible, deprecated): ipaddr.js calls it unicast, but it embeds an IPv4.
    else if (v6.parts.slice(0, 6).every((part) => part === 0)) return fetchMessages.embeddedIpv4(text);
  }
  const range = address.range();
  return range === "unicast" ? null : fetchMessages.notPublic(range, text);
}

/** Checks a URL's form and resolves its host to addresses that are all public. */
export async function checkedTarget(raw: string, resolve: AddressResolver): Promise<{ url: URL; addresses: ResolvedAddress[] }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedUrlError(fetchMessages.invalidUrl(raw.slice(0, 200)));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new BlockedUrlError(fetchMessages.httpOnly(url.protocol));
  if (url.username || url.password) throw new BlockedUrlError(fetchMessages.credentials);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host.includes("%")) throw new BlockedUrlError(fetchMessages.zonedIpv6);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: host.includes(":") ? 6 : 4 }];
  } else {
    addresses = await resolve(host.replace(/\.$/, "")).catch(() => {
      throw new FetchFailedError(fetchMessages.unresolved(host));
    });
    if (addresses.length === 0) throw new FetchFailedError(fetchMessages.unresolved(host));
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem) throw new BlockedUrlError(fetchMessages.blocked(host, problem));
  }
  return { url, addresses };
}

/** GETs a public web page: checked, pinned to the checked address, capped; redirects re-checked. */
export async function guardedFetch(raw: string, options: GuardedFetchOptions = {}): Promise<FetchedPage> {
  const resolve = options.resolve ?? systemResolver;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const deadline = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  let current = raw;
  for (let hop = 0; hop <= maxRedirects; hop += 1) {
    const target = await checkedTarget(current, resolve);
    const response = await requestOnce(
      target.url,
      required(target.addresses[0], `an address of ${target.url.hostname}`),
      options,
      deadline,
    );
    if (response.status >= 300 && response.status < 400 && response.location) {
      const next = new URL(response.location, target.url);
      if (options.redirectAllowed && !options.redirectAllowed(next))
        throw new BlockedUrlError(fetchMessages.redirectOutside(next.toString()));
      current = next.toString();
      continue;
    }
    return {
      url: target.url.toString(),
      status: response.status,
      contentType: response.contentType,
      bytes: response.bytes,
      etag: response.etag,
      lastModified: response.lastModified,
    };
  }
  throw new BlockedUrlError(fetchMessages.tooManyRedirects(maxRedirects));
}

type OneResponse = {
  status: number;
  location: string | null;
  contentType: string | null;
  bytes: Uint8Array;
  etag: string | null;
  lastModified: string | null;
};

function requestOnce(url: URL, checked: ResolvedAddress, options: GuardedFetchOptions, deadline: AbortSignal): Promise<OneResponse> {
  const defaultPort = url.protocol === "https:" ? 443 : 80;
  const routed = options.route
    ? options.route(checked, Number(url.port || defaultPort))
    : { address: checked, port: Number(url.port || defaultPort) };
  const maxBytes = options.maxBytes ?? MAX_PAGE_BYTES;
  // The connection goes to the checked address; the name stays for Host, SNI and certificates.
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    const { address, family } = routed.address;
    if ((lookupOptions as { all?: boolean }).all)
      (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolvePromise, reject) => {
    const outgoing = send(
      url,
      {
        method: "GET",
        port: routed.port,
        lookup: pinned,
        signal: deadline,
        agent: false,
        headers: {
          "User-Agent": "OYSTAR-Indexer/1.0",
          Accept: "text/html,application/pdf,text/plain;q=0.9,*/*;q=0.5",
          ...options.headers,
          "Accept-Encoding": "identity",
        },
      },
      (incoming: IncomingMessage) => {
        const status = incoming.statusCode ?? 0;
        const contentType = incoming.headers["content-type"] ?? null;
        const location = incoming.headers.location ?? null;
        const validators = { etag: incoming.headers.etag ?? null, lastModified: incoming.headers["last-modified"] ?? null };
        if (status >= 300 && status < 400) {
          incoming.resume();
          return resolvePromise({ status, location, contentType, bytes: new Uint8Array(), ...validators });
        }
        const declared = Number(incoming.headers["content-length"] ?? 0);
        if (declared > maxBytes) {
          incoming.destroy();
          return reject(new FetchFailedError(fetchMessages.tooLarge(maxBytes)));
        }
        const parts: Buffer[] = [];
        let received = 0;
        incoming.on("data", (part: Buffer) => {
          received += part.length;
          if (received > maxBytes) {
            incoming.destroy();
            reject(new FetchFailedError(fetchMessages.tooLarge(maxBytes)));
            return;
          }
          parts.push(part);
        });
        incoming.on("end", () =>
          resolvePromise({ status, location, contentType, bytes: new Uint8Array(Buffer.concat(parts)), ...validators }),
        );
        incoming.on("error", (error) => reject(new FetchFailedError(error.message)));
      },
    );
    outgoing.on("error", (error) =>
      reject(deadline.aborted ? new FetchFailedError(fetchMessages.timedOut) : new FetchFailedError(error.message)),
    );
    outgoing.end();
  });
}
