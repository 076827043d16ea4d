import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "../../db/database";
import { migrate } from "../../db/migrate";
import { rankingOf } from "../../../lab/rag-cli/search-command";
import { localEmbedder } from "../embedder";
import { finishIngestion, ingestFile } from "../ingest/ingestion";
import { ensureSharedIndex, findIndex, type RagIndex } from "../rag-store";
import { localReranker, type Reranker } from "./reranker";
import { retrieve, type RetrievalEngine, type RetrievalOptions } from "./retrieval";
import { stagesToRun } from "./retrieval-stages";

// Retrieval as callers see it, on a real (in-memory) Postgres: results by distinct document,
// and the stages that run with the local components whatever the settings ask.

let db: Database;
let index: RagIndex;
let engine: RetrievalEngine;

/** A long guide on roses (several chunks), and short documents that mention roses once. */
const roseGuide = Array.from(
  { length: 8 },
  (_, part) =>
    `## Parte ${part + 1}\n\nLe rose rampicanti si potano a fine inverno: la potatura delle rose toglie i rami secchi e accorcia i getti laterali di ogni rosa. ` +
    `Un roseto curato fiorisce a maggio, e le rose rifiorenti di nuovo in settembre. Dopo la potatura le rose si concimano con letame maturo.`,
).join("\n\n");

beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  await migrate(db);
  const created = await ensureSharedIndex(db, "documenti-distinti");
  const documents: Record<string, string> = {
    "guida-alle-rose.md": `---\ntitle: Guida alle rose\n---\n\n${roseGuide}`,
    "orto.md": "---\ntitle: L'orto\n---\n\nNell'orto accanto alle rose crescono i pomodori; la potatura dei pomodori toglie le femminelle.",
    "pergola.md": "---\ntitle: La pergola\n---\n\nLa pergola è coperta di glicine e di rose rampicanti, potate ogni inverno.",
    "frutteto.md": "---\ntitle: Il frutteto\n---\n\nNel frutteto i meli si potano in febbraio.",
  };
  engine = { db, embedder: localEmbedder(), vectors: true, reranker: localReranker() };
  for (const [filename, text] of Object.entries(documents))
    await ingestFile(db, created, { filename, bytes: new TextEncoder().encode(text) }, { embedder: engine.embedder, vectors: true });
  await finishIngestion(db);
  index = (await findIndex(db, "documenti-distinti"))!;
});
afterAll(() => db.close());

const asked: Omit<RetrievalOptions, "queries"> = {
  hypothetical: null,
  topKRetrieval: 45,
  topKReranker: 9,
  useFusedRetrieval: true,
  useReranker: true,
  useDeduplication: true,
  deduplicationThreshold: 0.9,
};
const question = "Quando si potano le rose rampicanti?";

describe("results by distinct document", () => {
  test("each document's passages come together, in the order of its best passage", async () => {
    const passages = await retrieve(engine, [index], { ...asked, queries: [question] });
    const files = passages.map((passage) => passage.filename);
    expect(files.filter((file) => file === "guida-alle-rose.md").length).toBeGreaterThan(1);
    // Contiguous: once a document's block ends, that document never comes back.
    const blocks = files.filter((file, position) => file !== files[position - 1]);
    expect(blocks).toEqual([...new Set(files)]);
  });

  test("`pnpm rag search` lists each file once, with its best passage", async () => {
    const passages = await retrieve(engine, [index], { ...asked, queries: [question] });
    const ranking = rankingOf(passages, 10);
    expect(ranking.map((hit) => hit.filename)).toEqual([...new Set(passages.map((passage) => passage.filename))]);
    expect(ranking[0]?.chunkId).toBe(Number(passages[0]?.chunkId));
  });
});

describe("the stages that run", () => {
  test("offline, fusion, reranking and deduplication asked for by the settings do not run: BM25 decides", async () => {
    expect(stagesToRun(engine, { useFusedRetrieval: true, useReranker: true, useDeduplication: true })).toEqual({
      fused: false,
      rerank: false,
      deduplicate: false,
    });
    const asSettingsAsk = await retrieve(engine, [index], { ...asked, queries: [question] });
    const bm25Alone = await retrieve(engine, [index], {
      ...asked,
      useFusedRetrieval: false,
      useReranker: false,
      useDeduplication: false,
      queries: [question],
      asAsked: {},
    });
    expect(asSettingsAsk.map((passage) => passage.chunkId)).toEqual(bm25Alone.map((passage) => passage.chunkId));
  });

  test("asked as such (the evaluation's ablation), the local stages do run", async () => {
    let scored = 0;
    const counting: Reranker = {
      name: "conta",
      crossEncoder: false,
      score: async (_question, candidates) => candidates.map(() => (scored += 1)),
    };
    await retrieve({ ...engine, reranker: counting }, [index], { ...asked, queries: [question], asAsked: {} });
    expect(scored).toBeGreaterThan(0);
  });

  test("a cross-encoder reranks when asked", async () => {
    // Scores that reverse the first stage's order: the last candidate comes first.
    const reversing: Reranker = {
      name: "inverso",
      crossEncoder: true,
      score: async (_question, candidates) => candidates.map((_, position) => position),
    };
    const reranked = await retrieve({ ...engine, reranker: reversing }, [index], {
      ...asked,
      useFusedRetrieval: false,
      useDeduplication: false,
      topKReranker: 40,
      queries: [question],
    });
    const firstStage = await retrieve(engine, [index], {
      ...asked,
      useFusedRetrieval: false,
      useReranker: false,
      useDeduplication: false,
      topKReranker: 40,
      queries: [question],
    });
    expect(reranked[0]?.chunkId).toBe(firstStage.at(-1)?.chunkId);
  });
});
