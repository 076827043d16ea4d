import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EnvError, loadEnv } from "../env";
import { startServer, type RunningServer } from "../server";
import { startTestServer } from "../../test-support/fixtures";
import { rawRequest } from "../../test-support/raw-http";
import { clientAddressResolver } from "./client-address";

// issue 37 §4: per-address limits count the real client. A header naming the client is believed
// only from a trusted proxy, and the client is the right-most hop no trusted proxy vouches for;
// the count is kept once for every server on the database. Here the loopback address 127.0.0.1
// plays the load balancer and other loopback addresses (127.0.0.x) play clients connecting
// directly.

describe("the client's address", () => {
  const behindBalancer = clientAddressResolver({ proxies: ["127.0.0.1", "10.0.0.0/8"], header: "x-forwarded-for" });

  test("with no trusted proxy, the connection's address, whatever the headers say", () => {
    const trustingNobody = clientAddressResolver({ proxies: [], header: "x-forwarded-for" });
    expect(trustingNobody("198.51.100.7", "203.0.113.5")).toBe("198.51.100.7");
  });

  test("from a trusted proxy, the right-most hop that is not a trusted proxy", () => {
    expect(behindBalancer("127.0.0.1", "203.0.113.5")).toBe("203.0.113.5");
    // The client wrote a hop of its own before the balancer appended the real one.
    expect(behindBalancer("127.0.0.1", "9.9.9.9, 203.0.113.5")).toBe("203.0.113.5");
    // Two trusted proxies in a row (the balancer, then an internal one).
    expect(behindBalancer("127.0.0.1", "9.9.9.9, 203.0.113.5, 10.1.2.3")).toBe("203.0.113.5");
    expect(behindBalancer("::ffff:127.0.0.1", "203.0.113.5")).toBe("203.0.113.5");
  });

  test("from anybody else, the header is ignored", () => {
    expect(behindBalancer("198.51.100.7", "203.0.113.5")).toBe("198.51.100.7");
  });

  test("a trusted proxy that names nobody is the client itself; every hop trusted: the farthest", () => {
    expect(behindBalancer("127.0.0.1", undefined)).toBe("127.0.0.1");
    expect(behindBalancer("127.0.0.1", "10.0.0.9")).toBe("10.0.0.9");
  });

  test("RFC 7239's Forwarded, when that is the header the balancer writes", () => {
    const forwarded = clientAddressResolver({ proxies: ["loopback"], header: "forwarded" });
    expect(forwarded("127.0.0.1", 'for=9.9.9.9, for="[2001:db8::17]:4711";proto=https')).toBe("2001:db8::17");
    expect(forwarded("127.0.0.1", 'for="203.0.113.5:8080"')).toBe("203.0.113.5");
    // A malformed header (a port must be quoted) names no hop: the balancer is the client.
    expect(forwarded("127.0.0.1", "for=203.0.113.5:8080")).toBe("127.0.0.1");
  });

  test("a TRUSTED_PROXIES value that is no address or range stops the server with what to write", () => {
    expect(() => loadEnv({ TRUSTED_PROXIES: "10.0.0.0/8, bilanciatore" })).toThrow(EnvError);
    expect(() => loadEnv({ TRUSTED_PROXIES: "10.0.0.0/8, bilanciatore" })).toThrow(/TRUSTED_PROXIES: indirizzi, intervalli CIDR/);
    expect(loadEnv({ TRUSTED_PROXIES: "10.0.0.0/8, loopback" }).trustedProxies.proxies).toEqual(["10.0.0.0/8", "loopback"]);
  });
});

const enterpriseForm = JSON.stringify({ name: "Ufficio", email: "ufficio@esempio.it", company: "Studio Srl" });

/** A public form sent from `localAddress`, with whatever forwarding headers the sender writes. */
function sendForm(url: string, localAddress: string, headers: Record<string, string> = {}) {
  return rawRequest(url, {
    method: "POST",
    path: "/api/forms/enterprise",
    headers: {
      Host: new URL(url).host,
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(enterpriseForm),
      ...headers,
    },
    send: (write) => write(enterpriseForm),
    localAddress,
  }).then((answer) => answer.status);
}

async function sendMany(count: number, send: (i: number) => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push(await send(i));
  return statuses;
}

const TEN_ACCEPTED = Array<number>(10).fill(201);

describe("public forms (10 a minute per address) with no trusted proxy", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test("a spoofed header buys no tries", async () => {
    const statuses = await sendMany(12, (i) =>
      sendForm(server.url, "127.0.0.5", { "X-Forwarded-For": `203.0.113.${i}`, Forwarded: `for=198.51.100.${i}` }),
    );
    expect(statuses).toEqual([...TEN_ACCEPTED, 429, 429]);
    // Another client is not held back.
    expect(await sendForm(server.url, "127.0.0.6")).toBe(201);
  });
});

describe("public forms behind a trusted balancer, two servers on one database", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let twin: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUSTED_PROXIES: "127.0.0.1" });
    twin = await startServer(server.env, { db: server.db });
  });
  afterAll(async () => {
    await twin.close();
    await server.close();
  });

  const viaBalancer = (url: string, client: string, written?: string) =>
    sendForm(url, "127.0.0.1", { "X-Forwarded-For": written ? `${written}, ${client}` : client });

  test("one office is counted once across both servers, and does not lock out another", async () => {
    // The balancer spreads the office's requests over both servers.
    const office = await sendMany(12, (i) => viaBalancer(i % 2 === 0 ? server.url : twin.url, "203.0.113.5"));
    expect(office).toEqual([...TEN_ACCEPTED, 429, 429]);
    expect(await viaBalancer(server.url, "198.51.100.7")).toBe(201);
    expect(await viaBalancer(twin.url, "198.51.100.7")).toBe(201);
  });

  test("behind the balancer, a hop the client writes itself buys no tries", async () => {
    const statuses = await sendMany(11, (i) => viaBalancer(server.url, "203.0.113.77", `192.0.2.${i}`));
    expect(statuses).toEqual([...TEN_ACCEPTED, 429]);
  });

  test("a client connecting past the balancer is counted by its own address, whatever it writes", async () => {
    const statuses = await sendMany(11, (i) => sendForm(twin.url, "127.0.0.9", { "X-Forwarded-For": `198.51.100.${100 + i}` }));
    expect(statuses).toEqual([...TEN_ACCEPTED, 429]);
  });

  test("the database keeps a keyed hash of the address, never the address", async () => {
    const rows = await server.db.query<{ address_key: string }>("SELECT address_key FROM address_action_windows");
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows);
    for (const address of ["203.0.113.5", "198.51.100.7", "127.0.0.9"]) expect(stored).not.toContain(address);
  });
});
