import { API_PATHS, apiPath, type LibraryDocuments, type LibraryIndex, type LibraryUpload } from "@oystar/api-client";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startApiProcess, type ApiProcess } from "../../test-support/api-process";
import { makeAppFolders, RAG_FIXTURES_DIR } from "../../test-support/fixtures";
import { startPostgres, type TestPostgres } from "../../test-support/postgres";
import { bearer, readAnswer } from "../../test-support/rag-helpers";
import { temporaryFolder } from "../../test-support/temporary-folders";
import { signInAs } from "../dev-idp/dev-sign-in";

// Issue 48 §3, §6: a customer's library on two server processes over one PostgreSQL, as behind a
// balancer. A document uploaded through one is read there and answers through the other; replaced
// through the other, only its new text answers on both; removed, neither cites it again — from
// the next question on, each server's own answer cache included (the same question asked before).

const PUBLIC_URL = "http://oystar.test";

let postgres: TestPostgres;
let token: string;
const folders = makeAppFolders();
const servers: ApiProcess[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  const databaseUrl = await postgres.createDatabase();
  servers.push(
    ...(await Promise.all(
      [temporaryFolder("data"), temporaryFolder("data")].map((dataDir) =>
        startApiProcess({
          DATABASE_URL: databaseUrl,
          PUBLIC_URL,
          MARKETING_DIST: folders.marketingDist,
          ASSISTANT_DIST: folders.assistantDist,
          DATA_DIR: dataDir,
          RAG_DEMO_DIR: RAG_FIXTURES_DIR,
          OFFLINE_MODEL_CHARS_PER_SECOND: "1000000",
        }),
      ),
    )),
  );
  token = (await signInAs(PUBLIC_URL, "business@oystar.test", { fetch: servers[0]!.fetch })).access_token;
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await postgres?.stop();
});

const call = (server: ApiProcess, path: string, init: RequestInit = {}) =>
  server.fetch(`${PUBLIC_URL}${path}`, { ...init, headers: { ...bearer(token), ...(init.headers as Record<string, string>) } });

function filesForm(files: Record<string, string>) {
  const form = new FormData();
  for (const [path, text] of Object.entries(files)) form.append("files", new File([text], path));
  return form;
}

/** The index's list through `server`, once nothing moves in it. */
async function settled(server: ApiProcess, index: string): Promise<LibraryDocuments> {
  for (;;) {
    const list = (await (await call(server, apiPath(API_PATHS.libraryDocuments, { name: index }))).json()) as LibraryDocuments;
    if (list.documents.every((document) => document.state === "indexed" || document.state === "refused")) return list;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What an answer through `server` says and cites, over the customer's index. */
async function answerOn(server: ApiProcess, index: string, question: string) {
  const answer = await readAnswer(
    await call(server, API_PATHS.askStream, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ question, index_names: [index] }),
    }),
  );
  expect(answer.error).toBeNull();
  return { text: answer.text, cited: [...new Set(answer.sources.flat().map((source) => source.filename))] };
}

test("uploaded on one server, replaced on the other, removed on the first: every answer on both follows at once", async () => {
  const [a, b] = servers as [ApiProcess, ApiProcess];
  const index = (await (
    await call(a, API_PATHS.libraryIndexes, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ label: "Condominio" }),
    })
  ).json()) as LibraryIndex;
  const uploaded = await call(a, apiPath(API_PATHS.libraryDocuments, { name: index.name }), {
    method: "POST",
    body: filesForm({
      "regolamento.md": "Il regolamento del condominio vieta i barbecue sul terrazzo comune.",
      "piscina.md": "La piscina condominiale apre il primo giugno e chiude a metà settembre.",
    }),
  });
  const ids = Object.fromEntries(((await uploaded.json()) as LibraryUpload).documents.map((document) => [document.path, document.id]));
  // Read on A (where the upload waits on disk); its states seen through B.
  expect((await settled(b, index.name)).documents.map(({ path, state }) => [path, state])).toEqual([
    ["piscina.md", "indexed"],
    ["regolamento.md", "indexed"],
  ]);

  const barbecue = "Il regolamento vieta i barbecue sul terrazzo?";
  for (const server of [a, b]) expect((await answerOn(server, index.name, barbecue)).cited[0]).toBe("regolamento.md");

  // A new version through B: read on B, and answering on both with its new text only.
  const replaced = await call(b, apiPath(API_PATHS.libraryDocument, { name: index.name, id: ids["regolamento.md"]! }), {
    method: "PUT",
    body: filesForm({ "regolamento.md": "Il regolamento del condominio consente le biciclette nel cortile interno." }),
  });
  expect(replaced.status).toBe(202);
  await settled(a, index.name);
  for (const server of [a, b]) {
    const bikes = await answerOn(server, index.name, "Il regolamento consente le biciclette nel cortile?");
    expect(bikes.cited[0]).toBe("regolamento.md");
    // The same question as before: no server answers it from what it kept of the old version.
    expect((await answerOn(server, index.name, barbecue)).text).not.toContain("barbecue sul terrazzo comune");
  }

  // Removed through A: neither server cites it from the next question on.
  const pool = "Quando apre la piscina condominiale?";
  for (const server of [a, b]) expect((await answerOn(server, index.name, pool)).cited).toContain("piscina.md");
  const removed = await call(a, apiPath(API_PATHS.libraryDocument, { name: index.name, id: ids["piscina.md"]! }), { method: "DELETE" });
  expect(removed.status).toBe(200);
  const after = { a: (await answerOn(a, index.name, pool)).cited, b: (await answerOn(b, index.name, pool)).cited };
  expect(after).toEqual({ a: expect.not.arrayContaining(["piscina.md"]), b: expect.not.arrayContaining(["piscina.md"]) });
}, 180_000);
