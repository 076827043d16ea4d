import { citedPassageSchema, API_PATHS, debatePassagesEventSchema, type CitedPassage } from "@oystar/api-client";
import { turnCall } from "@oystar/debate-engine";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTestServer } from "../../../test-support/fixtures";
import { bearer, privateIndex, readAnswer, readEvents, userIdOf } from "../../../test-support/rag-helpers";
import { signInAs } from "../../dev-idp/dev-sign-in";
import type { Passage } from "../retrieve/retrieval";
import { citedPassageOf } from "./cited-passage";

// Issue 38 §1: a passage a text cites has one contract, made by one mapper, whether a RAG answer
// lists it among its sources or a debate turn was given it to argue from. Over HTTP on the real
// server with the offline model: the same passage of a customer's index reaches the browser in
// the same shape from both, differing only in the number it is cited by and the verdict.

let server: Awaited<ReturnType<typeof startTestServer>>;
let enterprise: string;

const INDEX = "archivio-serre";
const GREENHOUSES = "Le serre dell'Archivio Verde ospitano trecento felci arboree. Sono riscaldate da una caldaia a legna del 1910.";

beforeAll(async () => {
  server = await startTestServer({ OFFLINE_MODEL_CHARS_PER_SECOND: "1000000" });
  enterprise = (await signInAs(server.url, "enterprise@oystar.test")).access_token;
  await fetch(`${server.url}/api/me`, { headers: bearer(enterprise) });
  await privateIndex(server.db, INDEX, await userIdOf(server.db, "enterprise@oystar.test"), { "serre.md": GREENHOUSES });
});
afterAll(() => server.close());

/** What a RAG answer lists: its final sources. */
async function ragSources(): Promise<CitedPassage[]> {
  const response = await fetch(`${server.url}/api/ask-stream`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(enterprise) },
    body: JSON.stringify({
      question: "Quante felci arboree ospitano le serre dell'Archivio Verde?",
      index_names: [INDEX],
      use_cache: false,
    }),
  });
  expect(response.status).toBe(200);
  return (await readAnswer(response)).sources.at(-1) ?? [];
}

/** What the first turn of a debate argued from the same index is given. */
async function debatePassages(): Promise<CitedPassage[]> {
  const increment = await fetch(`${server.url}/api/debates/increment`, { method: "POST", headers: bearer(enterprise) });
  const { debate_id: debateId } = (await increment.json()) as { debate_id: string };
  const options = { A: "Le felci arboree delle serre vanno tenute al caldo", B: "Le felci arboree delle serre stanno meglio al freddo" };
  const call = turnCall({
    debateId,
    mode: "debate",
    topic: `${options.A} contro ${options.B}`,
    options,
    models: { A: "openai/gpt-oss-120b", B: "openai/gpt-oss-20b" },
    length: 6,
    provider: "cloud",
    documents: INDEX,
    history: [],
    turn: 0,
  });
  const response = await fetch(`${server.url}${API_PATHS.debateCalls}`, {
    method: "POST",
    headers: { ...bearer(enterprise), "Content-Type": "application/json" },
    body: JSON.stringify(call),
  });
  expect(response.status).toBe(200);
  const opening = (await readEvents(response)).find((event) => event.event === "debate-passages");
  return debatePassagesEventSchema.parse(JSON.parse(opening?.data ?? "")).passages;
}

test("a RAG answer's source and a debate turn's passage are the same cited passage, but for their number and verdict", async () => {
  const [fromRag] = await ragSources();
  const [fromDebate] = await debatePassages();
  // Both strict: nothing the contract does not name, nothing it requires missing.
  expect(citedPassageSchema.parse(fromRag)).toEqual(fromRag);
  expect(citedPassageSchema.parse(fromDebate)).toEqual(fromDebate);
  const { noteNumber: ragNumber, support: ragSupport, ...ragPassage } = fromRag!;
  const { noteNumber: debateNumber, support: debateSupport, ...debatePassage } = fromDebate!;
  expect(ragPassage).toEqual(debatePassage);
  expect(ragPassage).toMatchObject({
    document: `${INDEX}/serre.md`,
    title: "serre",
    filename: "serre.md",
    url: null,
    page: null,
    place: null,
  });
  expect(ragPassage.excerpt).toContain("trecento felci arboree");
  // [1] for both: the answer's first document, the turn's first passage.
  expect([ragNumber, debateNumber]).toEqual([1, 1]);
  // The answer was checked against it; a turn's passages come before its words, unchecked.
  expect(ragSupport?.cited).toBe(true);
  expect(debateSupport).toBeNull();
});

test("the mapper: what the server always knows is given, an empty address is none, a slide stands in for a page", () => {
  const passage: Passage = {
    chunkId: "42",
    text: "# Sala delle felci\n\n- Trecento   felci arboree.",
    page: null,
    filename: "serre.pptx",
    title: "",
    url: "",
    indexName: INDEX,
    score: 0.7,
  };
  const cited = citedPassageOf(passage, { noteNumber: 3, place: "Diapositiva 2" });
  expect(citedPassageSchema.parse(cited)).toEqual({
    noteNumber: 3,
    chunkId: "42",
    document: `${INDEX}/serre.pptx`,
    title: "",
    filename: "serre.pptx",
    url: null,
    page: null,
    place: "Diapositiva 2",
    excerpt: "Sala delle felci Trecento felci arboree.",
    support: null,
  });
  expect(
    citedPassageOf(
      { ...passage, page: 4, url: "https://esempio.it/serre" },
      { noteNumber: 1, support: { cited: false, confidence: null } },
    ),
  ).toMatchObject({
    page: 4,
    place: null,
    url: "https://esempio.it/serre",
    support: { cited: false, confidence: null },
  });
});
