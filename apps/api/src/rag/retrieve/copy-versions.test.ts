import { afterAll, beforeAll, expect, test } from "vitest";
import {
  benchDocumentInputs,
  benchFilename,
  exactRanking,
  passageQuestions,
  rewrittenDocumentInput,
  sameRanking,
  storeInBatches,
} from "../../../test-support/bench-index";
import { markerWord } from "../../../test-support/paged-index";
import { openTestDatabase } from "../../../test-support/test-database";
import type { Database } from "../../db/database";
import { benchQuestions } from "../../../lab/rag-cli/bench-corpus";
import { deleteDocument, finishIngestion } from "../ingest/ingestion";
import { createIndex, findIndex, type RagIndex } from "../rag-store";
import { COPY_PAGE, copiedIndex, memoryIndex } from "./bm25-memory";
import { CANDIDATE_CAP, fullTextSearch, queryTerms, queryTermsFromTables } from "./full-text-search";

// A guard against a hang, not a speed target: at this size, on a busy 2-core machine, a minute is not enough.
const AT_SIZE_TIMEOUT_MS = 180_000;

// Issue 32 §2: the copy in memory answers only at its index's version (rag_indexes.version, bumped
// by every ingestion and deletion). After documents are re-ingested with other text or deleted,
// the answers are Postgres's over what the index holds now: a passage gone never comes back, a new
// one is found — for an index copied at once (≤ COPY_AT_ONCE_UP_TO passages) and for one whose copy
// is made again in the background while Postgres answers.

const NAME = "archivio-versioni";
/** 1,669 passages: copied at once, over three pages of the copy. */
const SMALL = 370;
/** Then grown to this many documents: 4,407 passages, 4,142 after its changes — over COPY_AT_ONCE_UP_TO (4,000), copied in the background. */
const LARGE = 1_030;
const TOP = 10;

let db: Database;
/** Questions asked after every change: Debian questions and words and phrases of the first passages. */
let sample: string[];

beforeAll(async () => {
  db = await openTestDatabase();
  await storeInBatches(db, await createIndex(db, { name: NAME, ownerId: null }), benchDocumentInputs(0, SMALL));
  sample = [...benchQuestions().filter((_, number) => number % 20 === 0), ...(await passageQuestions(db, await current(), 80))];
});
afterAll(() => db.close());

/** The index as a request reads it: at its version now. */
const current = async (): Promise<RagIndex> => (await findIndex(db, NAME))!;

/** The passages of `filenames` now, with four words in a row from each (questions they answered). */
async function passagesOf(filenames: readonly string[]) {
  const rows = await db.query<{ id: string; text: string }>(
    "SELECT c.id::text, c.text FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE d.filename = ANY($1::text[]) ORDER BY c.id",
    [filenames],
  );
  const phrases = rows.map((row) => (row.text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(3, 7).join(" "));
  return { ids: new Set(rows.map((row) => row.id)), phrases };
}

/**
 * The fast path against the exact ranking on `questions` (those whose matches in all pass
 * `which`): how many were compared, and those answered otherwise, terms or ranking.
 */
async function compared(index: RagIndex, questions: readonly string[], which: (matches: number) => boolean = () => true) {
  const differing: string[] = [];
  let count = 0;
  for (const question of questions) {
    const terms = await queryTermsFromTables(db, index, question);
    if (!which(terms.reduce((sum, term) => sum + term.df, 0))) continue;
    count += 1;
    const sameTerms = JSON.stringify(await queryTerms(db, index, question)) === JSON.stringify(terms);
    if (!sameTerms || !sameRanking(await fullTextSearch(db, index, question, TOP), (await exactRanking(db, index, question)).slice(0, TOP)))
      differing.push(question);
  }
  return { count, differing };
}

/** The passages of `ids` that the fast path answers to `questions`. */
async function foundAmong(index: RagIndex, questions: readonly string[], ids: ReadonlySet<string>) {
  const found = new Set<string>();
  for (const question of questions)
    for (const hit of await fullTextSearch(db, index, question, TOP)) if (ids.has(hit.chunkId)) found.add(hit.chunkId);
  return [...found];
}

/** Re-ingests `numbers` with other text, each with a marker word; deletes `deleted`. */
async function change(rewritten: readonly number[], deleted: readonly number[], markerBase: number) {
  const index = await current();
  await storeInBatches(
    db,
    index,
    rewritten.map((number) => rewrittenDocumentInput(number, 5_000 + number, markerBase + number)),
  );
  for (const number of deleted) expect(await deleteDocument(db, index, benchFilename(number))).toBe(true);
  await finishIngestion(db);
}

/** For each rewritten document, whether the question with its marker finds one of its new passages first. */
async function markersFound(rewritten: readonly number[], markerBase: number) {
  const found: Array<{ number: number; first: boolean }> = [];
  for (const number of rewritten) {
    const { ids } = await passagesOf([benchFilename(number)]);
    const [first] = await fullTextSearch(db, await current(), `revisione ${markerWord(markerBase + number)}`, TOP);
    found.push({ number, first: first !== undefined && ids.has(first.chunkId) });
  }
  return found;
}

const numbersBelow = (limit: number, remainder: number) =>
  Array.from({ length: Math.ceil(limit / 18) }, (_, step) => step * 18 + remainder).filter((number) => number < limit);

test(
  "re-ingested and deleted documents, in an index copied at once: the new copy answers as Postgres, the old passages never come back",
  async () => {
    const before = await current();
    expect(before.chunkCount).toBeGreaterThan(3 * COPY_PAGE);
    expect((await memoryIndex(db, before))?.version).toBe(before.version);
    // Guides and notes: every 18th document rewritten, every 18th (shifted by 9) deleted.
    const rewritten = numbersBelow(SMALL, 0);
    const deleted = numbersBelow(SMALL, 9);
    const old = await passagesOf([...rewritten, ...deleted].map(benchFilename));
    // Before the change, the questions drawn from them find most of them.
    expect((await foundAmong(before, old.phrases, old.ids)).length).toBeGreaterThan(old.ids.size / 2);
    await change(rewritten, deleted, 10_000);

    const after = await current();
    expect(after.version).toBeGreaterThan(before.version);
    expect(await compared(after, sample)).toEqual({ count: sample.length, differing: [] });
    expect(await foundAmong(after, [...sample, ...old.phrases], old.ids)).toEqual([]);
    expect((await markersFound(rewritten, 10_000)).filter((marker) => !marker.first)).toEqual([]);
    const copy = await memoryIndex(db, after);
    expect(copy?.version).toBe(after.version);
    expect(copy?.chunkIds.length).toBe(after.chunkCount);
  },
  AT_SIZE_TIMEOUT_MS,
);

test(
  "re-ingested and deleted documents, in an index over COPY_AT_ONCE_UP_TO passages: Postgres answers while the copy is made again, never the old copy",
  async () => {
    await storeInBatches(db, await current(), benchDocumentInputs(SMALL, LARGE - SMALL));
    const before = await current();
    expect(before.chunkCount).toBeGreaterThan(4_000);
    expect((await copiedIndex(db, before))?.version).toBe(before.version);

    const rewritten = numbersBelow(LARGE, 4).filter((number) => number >= SMALL);
    const deleted = numbersBelow(LARGE, 13).filter((number) => number >= SMALL);
    const old = await passagesOf([...rewritten, ...deleted].map(benchFilename));
    expect((await foundAmong(before, old.phrases, old.ids)).length).toBeGreaterThan(old.ids.size / 2);
    await change(rewritten, deleted, 20_000);
    const after = await current();
    expect(after.chunkCount).toBeGreaterThan(4_000);

    // Asked at once, while the new copy is made: the old copy must not answer. Whichever of
    // Postgres (capped) and the new copy answers, questions whose matches fit the cap have one
    // right ranking; the rewritten documents' markers are found, the old passages never.
    const rare = await passageQuestions(db, after, 10);
    const fitting = await compared(after, [...rare, ...sample, ...old.phrases], (matches) => matches <= CANDIDATE_CAP);
    expect(fitting.differing).toEqual([]);
    expect(fitting.count).toBeGreaterThan(20);
    expect((await markersFound(rewritten, 20_000)).filter((marker) => !marker.first)).toEqual([]);
    expect(await foundAmong(after, [...sample, ...old.phrases], old.ids)).toEqual([]);

    // Once made, the new copy answers every question as Postgres with no cap.
    const copy = await copiedIndex(db, after);
    expect(copy?.version).toBe(after.version);
    expect(copy?.chunkIds.length).toBe(after.chunkCount);
    expect(await compared(after, sample)).toEqual({ count: sample.length, differing: [] });
    expect(await foundAmong(after, old.phrases, old.ids)).toEqual([]);
  },
  AT_SIZE_TIMEOUT_MS,
);
