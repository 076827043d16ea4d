import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../../test-support/fixtures";
import { PAGED_PASSAGES, pagedDocumentInputs, pagedFilename, pagedQuestion } from "../../../test-support/paged-index";
import { bearer, readAnswer, userIdOf } from "../../../test-support/rag-helpers";
import { signInAs } from "../../dev-idp/dev-sign-in";
import { finishIngestion, storeDocuments } from "../ingest/ingestion";
import { localEmbedder } from "../embedder";
import { productRoad, roadPassages } from "../answer/ask-road";
import { openRagEngine } from "../rag-engine";
import { createIndex, findIndex } from "../rag-store";
import { vectorStoreAvailable } from "./vector-search";

// Issue 32 §1: every passage of an index several pages of the in-memory copy long can be found
// through /api/ask-stream. (The copy once paged in text order — '1', '10', '100', … — and held
// about two thirds of such an index: a third of the passages could never be found.)

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
  token = (await signInAs(server.url, "enterprise@oystar.test")).access_token;
  await fetch(`${server.url}/api/me`, { headers: bearer(token) });
  const index = await createIndex(server.db, { name: "archivio-fascicoli", ownerId: await userIdOf(server.db, "enterprise@oystar.test") });
  const documents = pagedDocumentInputs();
  const options = { embedder: localEmbedder(), vectors: await vectorStoreAvailable(server.db) };
  for (let start = 0; start < documents.length; start += 200)
    await storeDocuments(server.db, index, documents.slice(start, start + 200), options);
  await finishIngestion(server.db);
});
afterAll(() => server.close());

const ask = async (question: string) =>
  readAnswer(
    await fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(token) },
      body: JSON.stringify({ question, index_names: ["archivio-fascicoli"] }),
    }),
  );

test("pnpm rag's road (answer/ask-road.ts) finds exactly the passages /api/ask-stream lists, in its order", async () => {
  // The CLI's own engine on the server's database: the same settings, entry point and copy.
  const road = await productRoad(await openRagEngine(server.db, server.env, { demo: false }), server.env);
  const index = (await findIndex(server.db, "archivio-fascicoli"))!;
  for (const number of [0, 499, 500, 1001, 1499, PAGED_PASSAGES - 1]) {
    const served = (await ask(pagedQuestion(number))).sources[0]?.map((source) => source.chunkId);
    const found = (await roadPassages(road, [index], pagedQuestion(number))).passages.map((passage) => passage.chunkId);
    expect(found.length).toBeGreaterThan(1);
    expect(found).toEqual(served);
  }
});

test(`each passage of a ${PAGED_PASSAGES}-passage index is the first source of the question only it answers`, async () => {
  // Every seventh passage: spread over every page of the copy and every place in a page.
  const asked = Array.from({ length: Math.ceil(PAGED_PASSAGES / 7) }, (_, step) => step * 7);
  const firstSources = [];
  for (const number of asked) firstSources.push((await ask(pagedQuestion(number))).sources[0]?.[0]?.filename ?? "(nessuna fonte)");
  expect(firstSources).toEqual(asked.map(pagedFilename));
});
