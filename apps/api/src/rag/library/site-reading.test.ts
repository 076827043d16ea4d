import { API_PATHS, apiPath, type LibraryDocuments, type LibraryIndex, type LibrarySite } from "@oystar/api-client";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../../test-support/fixtures";
import { bearer, readAnswer } from "../../../test-support/rag-helpers";
import { signInAs } from "../../dev-idp/dev-sign-in";
import { guardedFetch, type AddressResolver, type GuardedFetchOptions } from "../../web/guarded-fetch";
import { openRagEngine } from "../rag-engine";
import { SITE_BUDGET, SiteReading } from "./site-reading";

// Issue 48 §4, §6: a website read into a customer's index and kept in sync, against a site this
// test serves on loopback. The guard against private addresses stays on: the test's names resolve
// (the fetcher's resolver is a port) to a public address, which the network double routes to the
// local server — loopback itself is never allowed (guarded-fetch.test.ts).

const PUBLIC_ADDRESS = "93.184.215.14";
const SITE = "http://sito-studio.example";
const resolve: AddressResolver = async (host) =>
  host === "sito-studio.example" || host === "altro.example"
    ? [{ address: PUBLIC_ADDRESS, family: 4 }]
    : Promise.reject(new Error("ENOTFOUND"));

const page = (title: string, body: string, links: string[] = []) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/studio/">Home</a> Menu dello studio</nav><main><h1>${title}</h1><p>${body}</p>${links.map((link) => `<a href="${link}">${link}</a>`).join(" ")}</main><footer>Studio Rossi — P.IVA 01234567890</footer></body></html>`;

/** The site's second version: «chi siamo» rewritten, «vecchia» gone. */
let secondVersion = false;
const requests: string[] = [];
const answeredNotModified: string[] = [];

function site(request: IncomingMessage, response: ServerResponse) {
  // The request reaches this port on loopback: its Host names the site's host with that port.
  const host = (request.headers.host ?? "").replace(/:\d+$/, "");
  const path = request.url ?? "/";
  requests.push(`${host}${path}`);
  const html = (body: string, headers: Record<string, string> = {}) =>
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", ...headers }).end(body);
  if (host !== "sito-studio.example") return response.writeHead(200, { "Content-Type": "text/html" }).end(page("Altro", "Un altro sito."));
  switch (path) {
    case "/robots.txt":
      return response.writeHead(200, { "Content-Type": "text/plain" }).end("User-agent: *\nDisallow: /studio/riservato/\n");
    case "/sitemap.xml":
      return response
        .writeHead(200, { "Content-Type": "application/xml" })
        .end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${SITE}/studio/servizi.html</loc></url><url><loc>${SITE}/altrove/fuori.html</loc></url></urlset>`,
        );
    case "/studio/":
      return html(
        page("Studio Rossi", "Lo studio assiste le famiglie nelle successioni.", [
          "chi-siamo.html",
          "orari.html",
          ...(secondVersion ? [] : ["vecchia.html"]),
          "riservato/segreto.html",
          "verso-fuori",
          "http://altro.example/pagina",
          "/altrove/fuori.html",
        ]),
      );
    case "/studio/chi-siamo.html": {
      const etag = secondVersion ? '"v2"' : '"v1"';
      if (request.headers["if-none-match"] === etag) {
        answeredNotModified.push(path);
        return response.writeHead(304, { ETag: etag }).end();
      }
      return html(
        secondVersion
          ? page("Chi siamo", "La fondatrice dello studio è l'avvocata Giulia Rossi, cassazionista dal 2010.")
          : page("Chi siamo", "Lo studio fu fondato a Prato nel 1978 dal notaio Ernesto Bianchi."),
        { ETag: etag },
      );
    }
    case "/studio/orari.html": {
      const modified = "Mon, 02 Nov 2026 09:00:00 GMT";
      if (request.headers["if-modified-since"] === modified) {
        answeredNotModified.push(path);
        return response.writeHead(304).end();
      }
      return html(page("Orari", "Il ricevimento è il martedì pomeriggio su appuntamento."), { "Last-Modified": modified });
    }
    case "/studio/servizi.html":
      return html(page("Servizi", "Lo studio redige testamenti olografi e pubblici."));
    case "/studio/vecchia.html":
      return secondVersion ? response.writeHead(404).end() : html(page("Vecchia sede", "La vecchia sede era in via del Corso 12."));
    case "/studio/verso-fuori":
      return response.writeHead(302, { Location: "http://altro.example/pagina" }).end();
    default:
      return response.writeHead(404).end();
  }
}

let local: Server;
let server: Awaited<ReturnType<typeof startTestServer>>;
let business: string;
/** The network's double: test names to the public address, routed to the local site. */
let network: Pick<GuardedFetchOptions, "resolve" | "route">;

beforeAll(async () => {
  local = createServer(site);
  await new Promise<void>((done) => local.listen(0, "127.0.0.1", done));
  const port = (local.address() as AddressInfo).port;
  network = {
    resolve,
    route: (address, targetPort) =>
      address.address === PUBLIC_ADDRESS ? { address: { address: "127.0.0.1", family: 4 }, port } : { address, port: targetPort },
  };
  server = await startTestServer({}, { fetchPage: (url, request) => guardedFetch(url, { ...request, ...network }) });
  business = (await signInAs(server.url, "business@oystar.test")).access_token;
});
afterAll(async () => {
  await server?.close();
  local.closeAllConnections();
  await new Promise<void>((done) => local.close(() => done()));
});

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { ...bearer(business), ...(init.headers as Record<string, string>) } });
const post = (path: string, body?: unknown) =>
  call(path, { method: "POST", ...(body ? { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {}) });

/** The index's list once its site's reading has ended, as the page shows it. */
async function siteRead(index: string): Promise<LibraryDocuments & { site: LibrarySite }> {
  for (;;) {
    const list = (await (await call(apiPath(API_PATHS.libraryDocuments, { name: index }))).json()) as LibraryDocuments;
    const [read] = list.sites;
    if (read && read.state !== "reading" && read.state !== "waiting") return { ...list, site: read };
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function sourcesOf(index: string, question: string) {
  const answer = await readAnswer(
    await post(API_PATHS.askStream, { question, index_names: [index] }).then((response) => {
      expect(response.status).toBe(200);
      return response;
    }),
  );
  return { text: answer.text, sources: answer.sources.flat() };
}

test("a site is read from its sitemap and links, within its origin and path, as robots.txt allows; read again, a changed page is replaced, a vanished one removed, an unchanged one not read", async () => {
  const index = (await (await post(API_PATHS.libraryIndexes, { label: "Sito dello studio" })).json()) as LibraryIndex;
  const added = await post(apiPath(API_PATHS.librarySites, { name: index.name }), { url: `${SITE}/studio/` });
  expect(added.status).toBe(202);
  expect(((await added.json()) as LibrarySite).url).toBe(`${SITE}/studio/`);

  const first = await siteRead(index.name);
  expect(first.site).toMatchObject({ state: "done", pages: 5, changes: { added: 5, changed: 0, removed: 0 }, error: null });
  expect(first.site.last_read_at).not.toBeNull();
  expect(first.documents.map((document) => [document.url, document.state])).toEqual(
    [
      `${SITE}/studio/`,
      `${SITE}/studio/chi-siamo.html`,
      `${SITE}/studio/orari.html`,
      `${SITE}/studio/servizi.html`,
      `${SITE}/studio/vecchia.html`,
    ]
      .map((url) => [url, "indexed"])
      .sort(),
  );
  for (const document of first.documents) expect(document.site).toBe(first.site.id);
  // Never asked: what robots.txt disallows, another host (linked, or a redirect's target), a path outside the site's.
  expect(requests.filter((request) => /riservato|altro\.example|altrove/.test(request))).toEqual([]);
  // The sitemap's page, linked from nowhere, is found; its source is its address; navigation and footer are not its text.
  const services = await sourcesOf(index.name, "Lo studio redige testamenti olografi?");
  expect(services.sources[0]).toMatchObject({ filename: expect.stringContaining("servizi"), url: `${SITE}/studio/servizi.html` });
  expect(services.text).not.toContain("P.IVA");

  // The site changes: «chi siamo» is rewritten, «vecchia» goes. 'Aggiorna ora'.
  secondVersion = true;
  requests.length = 0;
  const sync = await post(apiPath(API_PATHS.librarySiteSync, { name: index.name, id: first.site.id }));
  expect(sync.status).toBe(202);
  const second = await siteRead(index.name);
  // Changed: «chi siamo», and the home page, which no longer links «vecchia».
  expect(second.site).toMatchObject({ state: "done", pages: 4, changes: { added: 0, changed: 2, removed: 1 } });
  expect(second.documents.map((document) => document.url)).not.toContain(`${SITE}/studio/vecchia.html`);
  // Unchanged pages answered «not modified» to the reader's validators: nothing read again.
  expect(answeredNotModified).toEqual(["/studio/orari.html"]);
  const founder = await sourcesOf(index.name, "Chi è la fondatrice dello studio?");
  expect(founder.sources[0]?.url).toBe(`${SITE}/studio/chi-siamo.html`);
  expect(founder.text).toContain("Giulia Rossi");
  expect(founder.text).not.toContain("Ernesto Bianchi");
  const oldSeat = await sourcesOf(index.name, "Dove era la vecchia sede in via del Corso?");
  expect(oldSeat.sources.map((source) => source.url)).not.toContain(`${SITE}/studio/vecchia.html`);

  // A third reading of an unchanged site: every page answers «not modified».
  answeredNotModified.length = 0;
  await post(apiPath(API_PATHS.librarySiteSync, { name: index.name, id: first.site.id }));
  const third = await siteRead(index.name);
  expect(third.site.changes).toEqual({ added: 0, changed: 0, removed: 0 });
  expect(answeredNotModified.sort()).toEqual(["/studio/chi-siamo.html", "/studio/orari.html"]);
}, 120_000);

test("a site's address must be a web address; the same site twice in one index is refused; a plan below Business cannot have it read again", async () => {
  const index = (await (await post(API_PATHS.libraryIndexes, { label: "Sito due" })).json()) as LibraryIndex;
  const invalid = await post(apiPath(API_PATHS.librarySites, { name: index.name }), { url: "ftp://sito-studio.example/" });
  expect(invalid.status).toBe(400);
  expect(((await invalid.json()) as { error: string }).error).toMatch(/^Indirizzo non valido/);
  const added = (await (
    await post(apiPath(API_PATHS.librarySites, { name: index.name }), { url: `${SITE}/studio/` })
  ).json()) as LibrarySite;
  const twice = await post(apiPath(API_PATHS.librarySites, { name: index.name }), { url: `${SITE}/studio/` });
  expect(twice.status).toBe(409);
  await siteRead(index.name);
  const stranger = (await signInAs(server.url, "pro@oystar.test")).access_token;
  const refused = await fetch(`${server.url}${apiPath(API_PATHS.librarySiteSync, { name: index.name, id: added.id })}`, {
    method: "POST",
    headers: bearer(stranger),
  });
  expect(refused.status).toBe(403);
}, 120_000);

test("the daily re-reading: a site due is read once, by whichever of two servers' readers claims it first", async () => {
  const index = (await (await post(API_PATHS.libraryIndexes, { label: "Sito tre" })).json()) as LibraryIndex;
  await post(apiPath(API_PATHS.librarySites, { name: index.name }), { url: `${SITE}/studio/` });
  const { site } = await siteRead(index.name);
  // A day later.
  await server.db.query("UPDATE rag_library_sites SET next_read_at = now() - interval '1 minute' WHERE id = $1", [site.id]);
  requests.length = 0;
  const engine = await openRagEngine(server.db, server.env, { demo: false });
  const readers = [0, 1].map(
    () =>
      new SiteReading(server.db, engine, (url, request) => guardedFetch(url, { ...request, ...network }), { ...SITE_BUDGET, pauseMs: 0 }),
  );
  const read = await Promise.all(readers.map((reader) => reader.readDue()));
  expect(read.sort()).toEqual([0, 1]);
  expect(requests.filter((request) => request.endsWith("/robots.txt"))).toHaveLength(1);
  const again = (await siteRead(index.name)).site;
  expect(again.last_read_at! > site.last_read_at!).toBe(true);
  expect(again.changes).toEqual({ added: 0, changed: 0, removed: 0 });
  // Read: due again tomorrow, not now.
  expect(await readers[0]!.readDue()).toBe(0);
}, 120_000);
