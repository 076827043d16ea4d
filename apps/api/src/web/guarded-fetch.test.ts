import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  addressProblem,
  BlockedUrlError,
  FetchFailedError,
  guardedFetch,
  type AddressResolver,
  type GuardedFetchOptions,
} from "./guarded-fetch";

// The SSRF guard. Names are resolved by a table (hermetic: no DNS), and a public address is
// routed to a local test server (a double of the network, not of the checks).

const PUBLIC_ADDRESS = "93.184.215.14";
const names: Record<string, string[]> = {
  "pubblico.example": [PUBLIC_ADDRESS],
  "interno.example": ["10.1.2.3"],
  "metadati.example": ["169.254.169.254"],
  "doppio.example": [PUBLIC_ADDRESS, "127.0.0.1"],
  "v6-locale.example": ["::1"],
  "mappato.example": ["::ffff:192.168.0.1"],
};
const resolve: AddressResolver = async (hostname) => {
  if (hostname === "localhost") return [{ address: "127.0.0.1", family: 4 }];
  const addresses = names[hostname];
  if (!addresses) throw new Error("ENOTFOUND");
  return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

let server: Server;
let port = 0;
let secretRequests = 0;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/pagina")
      return response.writeHead(200, { "Content-Type": "text/html" }).end("<title>Giardino</title><p>Benvenuti.</p>");
    if (request.url === "/verso-locale") return response.writeHead(302, { Location: `http://127.0.0.1:${port}/segreto` }).end();
    if (request.url === "/verso-metadati") return response.writeHead(301, { Location: "http://metadati.example/latest/meta-data/" }).end();
    if (request.url === "/giro") return response.writeHead(302, { Location: "/giro" }).end();
    if (request.url === "/relativo") return response.writeHead(302, { Location: "/pagina" }).end();
    if (request.url === "/enorme") return response.writeHead(200, { "Content-Type": "text/plain" }).end("x".repeat(5000));
    // A site that never answers, and one that sends its headers, then a byte now and then, forever.
    if (request.url === "/muto") return;
    if (request.url === "/goccia") {
      response.writeHead(200, { "Content-Type": "text/html" });
      const drip = setInterval(() => response.write("."), 50);
      response.on("close", () => clearInterval(drip));
      return;
    }
    if (request.url === "/lento-poi-verso-goccia") {
      setTimeout(() => response.writeHead(302, { Location: "/goccia" }).end(), 150);
      return;
    }
    if (request.url === "/segreto") secretRequests += 1;
    response.writeHead(200).end("segreto");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((done) => server.close(() => done()));
});

const options = (): GuardedFetchOptions => ({
  resolve,
  route: (address, targetPort) =>
    address.address === PUBLIC_ADDRESS ? { address: { address: "127.0.0.1", family: 4 }, port } : { address, port: targetPort },
});

const refused = [
  "http://127.0.0.1/",
  "http://127.0.0.1./",
  "http://127.1/",
  "http://127.0.1/",
  "http://0x7f.0.0.1/",
  "http://0x7f.1/",
  "http://0x7f000001/",
  "http://2130706433/",
  "http://017700000001/",
  "http://0177.0.0.1/",
  "http://0177.1/",
  "http://localhost/",
  "http://localhost./",
  "http://LOCALHOST:8787/",
  "http://[::1]/",
  "http://[0:0:0:0:0:0:0:1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[::127.0.0.1]/",
  "http://[64:ff9b::7f00:1]/",
  "http://[2002:7f00:1::]/",
  "http://0.0.0.0/",
  "http://0/",
  "http://[::]/",
  "http://10.0.0.1/",
  "http://172.16.5.4/",
  "http://192.168.1.1/",
  "http://0xc0a80101/",
  "http://169.254.169.254/latest/meta-data/",
  "http://0xa9fea9fe/",
  "http://2852039166/",
  "http://[::ffff:169.254.169.254]/",
  "http://[fd00:ec2::254]/",
  "http://100.100.100.200/",
  "http://100.64.0.1/",
  "http://[fe80::1]/",
  "http://[fe80::1%25eth0]/",
  "http://224.0.0.1/",
  "http://[ff02::1]/",
  "http://255.255.255.255/",
  "http://198.18.0.1/",
  "http://192.0.2.1/",
  "http://interno.example/",
  "http://metadati.example/",
  "http://doppio.example/",
  "http://v6-locale.example/",
  "http://mappato.example/",
  "https://interno.example./",
  "ftp://pubblico.example/",
  "file:///etc/passwd",
  "http://utente:password@pubblico.example/",
  "gopher://127.0.0.1:25/",
];

test.each(refused)("refuses %s", async (url) => {
  await expect(guardedFetch(url, options())).rejects.toThrow(BlockedUrlError);
});

test(`the table has at least 30 encodings (${refused.length})`, () => {
  expect(refused.length).toBeGreaterThanOrEqual(30);
});

test("a public page is fetched, with its content type", async () => {
  const page = await guardedFetch("http://pubblico.example/pagina", options());
  expect(page).toMatchObject({ url: "http://pubblico.example/pagina", status: 200, contentType: "text/html" });
  expect(new TextDecoder().decode(page.bytes)).toContain("Benvenuti.");
  // A relative redirect on the same public host is followed.
  expect((await guardedFetch("http://pubblico.example/relativo", options())).url).toBe("http://pubblico.example/pagina");
});

test("a redirect to loopback is refused before any connection is made", async () => {
  await expect(guardedFetch("http://pubblico.example/verso-locale", options())).rejects.toThrow(BlockedUrlError);
  await expect(guardedFetch("http://pubblico.example/verso-metadati", options())).rejects.toThrow("Indirizzo bloccato (metadati.example)");
  expect(secretRequests).toBe(0);
});

test("redirects are limited, pages capped in size, unknown names fail cleanly", async () => {
  await expect(guardedFetch("http://pubblico.example/giro", options())).rejects.toThrow("Troppi reindirizzamenti (massimo 5)");
  await expect(guardedFetch("http://pubblico.example/enorme", { ...options(), maxBytes: 1000 })).rejects.toThrow(FetchFailedError);
  await expect(guardedFetch("http://sconosciuto.example/", options())).rejects.toThrow("Nome non risolto: sconosciuto.example");
});

test("address classification: only public unicast passes", () => {
  expect(addressProblem("93.184.215.14")).toBeNull();
  expect(addressProblem("2606:4700::1111")).toBeNull();
  expect(addressProblem("::ffff:10.0.0.1")).toMatch(/private/);
  expect(addressProblem("::a00:1")).toMatch(/IPv4 incorporato/);
  expect(addressProblem("non-un-indirizzo")).toMatch(/non valido/);
});

describe("the time cap covers the whole fetch", () => {
  const timed = async (url: string, timeoutMs: number) => {
    const started = performance.now();
    const outcome = await guardedFetch(url, { ...options(), timeoutMs }).then(
      () => null,
      (error: unknown) => error,
    );
    return { outcome, elapsed: performance.now() - started };
  };

  test("a site that never answers: 'Tempo scaduto' once the cap has passed", async () => {
    const { outcome, elapsed } = await timed("http://pubblico.example/muto", 300);
    expect(outcome).toBeInstanceOf(FetchFailedError);
    expect((outcome as Error).message).toBe("Tempo scaduto");
    expect(elapsed).toBeGreaterThanOrEqual(250);
  });

  test("a page that trickles in forever: cut at the cap, with the same message", async () => {
    const { outcome } = await timed("http://pubblico.example/goccia", 300);
    expect(outcome).toBeInstanceOf(FetchFailedError);
    expect((outcome as Error).message).toBe("Tempo scaduto");
  });

  test("the cap spans redirects: a slow hop and a slow page add up", async () => {
    const { outcome } = await timed("http://pubblico.example/lento-poi-verso-goccia", 400);
    expect((outcome as Error).message).toBe("Tempo scaduto");
  });
});
