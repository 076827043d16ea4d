import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { guardedFetch } from "../../web/guarded-fetch";
import { startTestServer } from "../../../test-support/fixtures";
import { bearer, buildIndexFromRequest, readAnswer } from "../../../test-support/rag-helpers";
import { signInAs } from "../../dev-idp/dev-sign-in";

// An administrator turns a customer's indexing request (spec 000 §5) into the customer's own
// index, fetching its web pages through the SSRF-guarded fetcher. «sito.example» is a public
// address routed to a local server (the network double); «intranet.example» is private.

const PUBLIC_ADDRESS = "93.184.215.14";
let site: Server;
let sitePort = 0;
let server: Awaited<ReturnType<typeof startTestServer>>;
let business: string;
let admin: string;

beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === "/serre") {
      return response
        .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
        .end(
          "<html><head><title>Le serre dello Studio Rossi</title></head><body><main><p>La serra tropicale dello Studio Rossi ospita trecento orchidee.</p></main></body></html>",
        );
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  sitePort = (site.address() as AddressInfo).port;
  const names: Record<string, string> = { "sito.example": PUBLIC_ADDRESS, "intranet.example": "10.0.0.7" };
  server = await startTestServer(
    { OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" },
    {
      fetchPage: (url) =>
        guardedFetch(url, {
          resolve: async (host) => (names[host] ? [{ address: names[host]!, family: 4 }] : Promise.reject(new Error("ENOTFOUND"))),
          route: (address, port) =>
            address.address === PUBLIC_ADDRESS ? { address: { address: "127.0.0.1", family: 4 }, port: sitePort } : { address, port },
        }),
    },
  );
  business = (await signInAs(server.url, "business@oystar.test")).access_token;
  admin = (await signInAs(server.url, "admin@oystar.test")).access_token;
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const requestIndex = async (indexName: string, websiteUrls = "http://sito.example/serre\nhttp://intranet.example/bilanci") => {
  const response = await fetch(`${server.url}/api/forms/index-request`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(business) },
    body: JSON.stringify({
      name: "Marta Rossi",
      email: "marta@studiorossi.it",
      company: "Studio Rossi",
      indexName,
      sourceType: "url",
      websiteUrls,
    }),
  });
  return ((await response.json()) as { id: string }).id;
};
/** The admin's 'Indicizza', followed to its end (the build runs in the background: issue 34 §2). */
const build = async (id: string, token = admin) => {
  const { status, body } = await buildIndexFromRequest(server.url, token, id);
  return { status, json: async () => body };
};

test("only an administrator may build an index", async () => {
  const response = await build(await requestIndex("Prova negata"), business);
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ error: "ACCESSO NEGATO: solo l'amministratore può creare indici." });
  expect((await build("00000000-0000-0000-0000-000000000000")).status).toBe(404);
});

test("the request becomes the customer's index: public pages in, private addresses refused", async () => {
  const response = await build(await requestIndex("Studio Rossi Serre"));
  expect(response.status).toBe(202);
  const report = (await response.json()) as {
    index: string;
    owner_email: string;
    documents: Array<{ url: string; status: string; error?: string }>;
  };
  expect(report.index).toBe("studio-rossi-serre");
  expect(report.owner_email).toBe("business@oystar.test");
  expect(report.documents[0]).toMatchObject({ url: "http://sito.example/serre", status: "added", chunks: 1 });
  expect(report.documents[1]).toMatchObject({ url: "http://intranet.example/bilanci", status: "failed" });
  expect(report.documents[1]?.error).toContain("Indirizzo bloccato (intranet.example)");

  const list = (await (await fetch(`${server.url}/api/indices/list`, { headers: bearer(business) })).json()) as { indices: string[] };
  expect(list.indices).toContain("studio-rossi-serre");
  const answer = await readAnswer(
    await fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(business) },
      body: JSON.stringify({ question: "Quante orchidee ci sono nella serra tropicale?", index_names: ["studio-rossi-serre"] }),
    }),
  );
  expect(answer.text).toContain("trecento orchidee");
  expect(answer.sources[0]?.[0]).toMatchObject({
    title: "Le serre dello Studio Rossi",
    url: "http://sito.example/serre",
    filename: "sito.example_serre.html",
  });
});

test("a request whose downloads all fail leaves no empty index behind, counting toward the plan's 3 (issue 22)", async () => {
  const id = await requestIndex("Tutto bloccato", "http://intranet.example/bilanci\nhttp://intranet.example/listino");
  const response = await build(id);
  expect(response.status).toBe(202);
  const report = (await response.json()) as { index: string; documents: Array<{ status: string }> };
  expect(report.documents.map((document) => document.status)).toEqual(["failed", "failed"]);
  const list = (await (await fetch(`${server.url}/api/indices/list`, { headers: bearer(business) })).json()) as { indices: string[] };
  expect(list.indices).not.toContain("tutto-bloccato");
  expect(list.indices).toContain("studio-rossi-serre");
});

test("spec 001 §9: a Business customer holds at most 3 indexes", async () => {
  expect((await build(await requestIndex("Secondo indice"))).status).toBe(202);
  expect((await build(await requestIndex("Terzo indice"))).status).toBe(202);
  const fourth = await build(await requestIndex("Quarto indice"));
  expect(fourth.status).toBe(409);
  expect(await fourth.json()).toEqual({ error: "Hai raggiunto il numero massimo di indici del tuo piano (3)." });
});

test("GET /api/admin/index-requests: the admin's list of requests still waiting, or whose attempt indexed nothing", async () => {
  const list = async (token = admin) => fetch(`${server.url}/api/admin/index-requests`, { headers: bearer(token) });
  const refused = await list(business);
  expect(refused.status).toBe(403);
  expect((await list("")).status).toBe(401);

  const { requests } = (await (await list()).json()) as { requests: Array<Record<string, unknown>> };
  // Built ones have left the list; the one refused to the customer never ran; the one whose
  // downloads all failed indexed nothing; the fourth hit the plan's limit.
  expect(requests.map((request) => [request.index_name, request.status])).toEqual([
    ["Prova negata", "pending"],
    ["Tutto bloccato", "failed"],
    ["Quarto indice", "failed"],
  ]);
  expect(requests[0]).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    // What was typed into the form, and the account that sent it: the one that will own the index.
    email: "marta@studiorossi.it",
    account: { email: "business@oystar.test", email_verified: true, plan: "business" },
    company: "Studio Rossi",
    index_name: "Prova negata",
    sites: ["http://sito.example/serre", "http://intranet.example/bilanci"],
    created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    status: "pending",
  });
  // Tried now, it hits the plan's limit too: it stays on the list, as failed.
  expect((await build(requests[0]!.id as string)).status).toBe(409);
  const after = (await (await list()).json()) as { requests: Array<{ index_name: string; status: string }> };
  expect(after.requests.map((request) => [request.index_name, request.status])).toEqual([
    ["Prova negata", "failed"],
    ["Tutto bloccato", "failed"],
    ["Quarto indice", "failed"],
  ]);
});

test("the admin's list comes a page at a time (issue 22: it was one answer of megabytes)", async () => {
  const page = async (query: string) => {
    const response = await fetch(`${server.url}/api/admin/index-requests${query}`, { headers: bearer(admin) });
    return {
      status: response.status,
      body: (await response.json()) as { requests?: Array<{ index_name: string }>; next_cursor?: string | null; error?: string },
    };
  };
  const first = await page("?limit=2");
  expect(first.body.requests?.map((request) => request.index_name)).toEqual(["Prova negata", "Tutto bloccato"]);
  expect(first.body.next_cursor).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  const second = await page(`?limit=2&cursor=${first.body.next_cursor}`);
  expect(second.body).toEqual({ requests: [expect.objectContaining({ index_name: "Quarto indice" })], next_cursor: null });
  expect((await page("")).body.next_cursor).toBeNull();

  expect(await page("?limit=0")).toEqual({ status: 400, body: { error: "limit deve essere almeno 1" } });
  expect(await page("?limit=51")).toEqual({ status: 400, body: { error: "limit può essere al massimo 50" } });
  expect(await page("?limit=tanti")).toEqual({ status: 400, body: { error: "limit deve essere un numero" } });
  expect(await page("?cursor=%00")).toEqual({ status: 400, body: { error: "cursor non valido" } });
  expect(await page("?cursor=00000000-0000-4000-8000-000000000000")).toEqual({
    status: 400,
    body: { error: "cursor non valido: nessuna richiesta di indicizzazione con questo identificativo." },
  });
  expect((await page("?pagina=2")).status).toBe(400);
});
