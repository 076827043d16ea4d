import { ragAskRequestSchema } from "@oystar/api-client";
import { afterAll, beforeAll, expect, test } from "vitest";
import { bearer, readAnswer } from "../../test-support/rag-helpers";
import { startTestServer } from "../../test-support/fixtures";
import { signInAs } from "../dev-idp/dev-sign-in";
import { createRagEngine, DEMO_INDEX, type RagFrontDoor, type RagIndex } from "./index";

// Issue 53 §1: the engine's front door runs the road /api/ask-stream takes — the same passages
// and the same answer, whether a caller asks over HTTP or through `createRagEngine`.

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let engine: RagFrontDoor;
let demo: RagIndex;
const QUESTION = "Quanti alberi di limone ci sono nella limonaia di Villa Aurora?";

beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
  token = (await signInAs(server.url, "business@oystar.test")).access_token;
  // The server built the demo index: this engine opens on the same database without building it again.
  engine = await createRagEngine({ database: server.db, config: server.env, demo: false });
  demo = (await engine.indexes.find(DEMO_INDEX))!;
});
afterAll(() => server.close());

const askOverHttp = async (question: string) =>
  readAnswer(
    await fetch(`${server.url}/api/ask-stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer(token) },
      body: JSON.stringify({ question, index_names: [DEMO_INDEX] }),
    }),
  );

test("the engine's answer is the route's: the same sources and the same text", async () => {
  const overHttp = await askOverHttp(QUESTION);
  let text = "";
  const sources: unknown[] = [];
  for await (const event of engine.answer([demo], ragAskRequestSchema.parse({ question: QUESTION }))) {
    if (event.chunk !== undefined) text += event.chunk;
    if (event.sources) sources.push(event.sources);
  }
  expect(overHttp.error).toBeNull();
  expect(overHttp.sources[0]?.map((source) => source.filename)).toContain("villa-aurora.md");
  expect(sources).toEqual(overHttp.sources);
  expect(text).toBe(overHttp.text);
});

test("the engine's search finds the passages the answer cites, as many as asked", async () => {
  const overHttp = await askOverHttp(QUESTION);
  const found = await engine.search([demo], QUESTION);
  // The answer reads the passages the search finds, and lists each of them among its sources.
  const cited = overHttp.sources[0]!.map((source) => source.chunkId);
  expect(found.passages.map((passage) => passage.chunkId).sort()).toEqual([...cited].sort());
  expect((await engine.search([demo], QUESTION, { passages: 1 })).passages).toHaveLength(1);
});

test("an index is found by name and a stored passage by its id; an unknown id finds nothing", async () => {
  const [first] = (await engine.search([demo], QUESTION)).passages;
  expect(first?.filename).toBe("villa-aurora.md");
  expect((await engine.passages.find(first!.chunkId))?.passage.document.filename).toBe("villa-aurora.md");
  expect(await engine.passages.find("999999999")).toBeNull();
  expect(await engine.indexes.find("nessun-indice")).toBeNull();
  expect(engine.health().full_text).toBe("bm25-italian");
});
