import { defaultSettings } from "@oystar/api-client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openTestDatabase } from "../../../test-support/test-database";
import type { Database } from "../../db/database";
import { actFilename, actText, articleFilename, articleText, legalActs, type LegalAct } from "../../../lab/rag-cli/legal-acts";
import { referenceQuestions } from "../../../lab/rag-cli/reference-sets";
import { searchPlanOf } from "../answer/ask-request";
import { localEmbedder } from "../embedder";
import { finishIngestion, storeDocuments, type DocumentInput } from "../ingest/ingestion";
import { parseReferences, withoutActWords } from "../references/legal-reference";
import { createIndex, findIndex, type RagIndex } from "../rag-store";
import { actsOfCitedPassages, actsOfConversation } from "./reference-search";
import { localReranker } from "./reranker";
import { exactRanking } from "../../../test-support/bench-index";
import { groupedByDocument, PASSAGES_PER_DOCUMENT, retrieve, type RetrievalEngine } from "./retrieval";

// Issue 49 §3: a question naming an article finds it first — in an index of one file per article
// and in one of whole acts — through retrieve(), the server's road; the key lookup checked
// against a scan of every passage.

let db: Database;
let engine: RetrievalEngine;
let articleFiles: RagIndex;
let wholeActs: RagIndex;
let constitutionAndLaw: RagIndex;
const acts = legalActs();
const chosen = acts.filter((act) => ["cost", "cc", "dlgs:165/2001", "dlgs:196/2003", "l:241/1990"].includes(act.act));

const input = (filename: string, title: string, text: string): DocumentInput => ({
  filename,
  title,
  url: null,
  text,
  bytes: text.length,
  contentHash: filename,
});
const files = (of: readonly LegalAct[]) =>
  of.flatMap((act) =>
    act.articles.map((article) =>
      input(articleFilename(act, article), articleFilename(act, article).replace(/-/g, " "), articleText(article)),
    ),
  );

async function indexOf(name: string, documents: DocumentInput[]): Promise<RagIndex> {
  const index = await createIndex(db, { name, ownerId: null });
  for (let start = 0; start < documents.length; start += 200)
    await storeDocuments(db, index, documents.slice(start, start + 200), { embedder: engine.embedder, vectors: false });
  return (await findIndex(db, name))!;
}

beforeAll(async () => {
  db = await openTestDatabase();
  engine = { db, embedder: localEmbedder(), vectors: false, reranker: localReranker() };
  articleFiles = await indexOf("articoli", [
    ...files(chosen),
    input(
      "note-costi.txt",
      "Note sui costi",
      "Il costo del personale e i costi di gestione dell'articolo 21 del bilancio crescono. Cost. 21.",
    ),
  ]);
  wholeActs = await indexOf(
    "atti",
    chosen.map((act) => input(actFilename(act), act.title, actText(act))),
  );
  constitutionAndLaw = await indexOf(
    "costituzione-e-legge",
    acts.filter((act) => act.act === "cost" || act.act === "l:241/1990").map((act) => input(actFilename(act), act.title, actText(act))),
  );
  await finishIngestion(db);
}, 240_000);
afterAll(() => db.close());

const { retrieval } = searchPlanOf(defaultSettings);
/** The ranked passages for `question`; `conversationActs` the acts the conversation is about, latest first. */
const search = (index: RagIndex, question: string, conversationActs?: string[]) =>
  retrieve(engine, [index], { ...retrieval, hypothetical: null, queries: [question], ...(conversationActs ? { conversationActs } : {}) });

describe("an index of one file per article", () => {
  test.each([
    ["art. 21 Cost.", "costituzione-art-21.txt"],
    ["art. 21, comma 2, Cost.", "costituzione-art-21.txt"],
    ["articolo 2043 del codice civile", "codice-civile-art-2043.txt"],
    ["art. 55 d.lgs. 165/2001", "dlgs-165-2001-art-55.txt"],
    ["art. 55-ter del d.lgs. 165/2001", "dlgs-165-2001-art-55-ter.txt"],
    ["art. 55 ter D.Lgs. 165/01", "dlgs-165-2001-art-55-ter.txt"],
    ["art. 2septies d.lgs. 196/03", "dlgs-196-2003-art-2-septies.txt"],
    ["art. 2 - septies del decreto legislativo 30 giugno 2003, n. 196", "dlgs-196-2003-art-2-septies.txt"],
    ["art. 21-bis l. 241/90", "legge-241-1990-art-21-bis.txt"],
    ["Cosa prevede l'art. 3 della legge 7 agosto 1990, n. 241?", "legge-241-1990-art-3.txt"],
  ])("«%s» finds %s first", async (question, filename) => {
    const [first] = await search(articleFiles, question);
    expect(first?.filename).toBe(filename);
  });

  test("«Cost.» is not «costo»: the notes on costs never come before the article", async () => {
    const found = await search(articleFiles, "art. 21 Cost.");
    expect(found.findIndex((passage) => passage.filename === "note-costi.txt")).not.toBe(0);
    expect(found[0]!.reference).toEqual({ act: "cost", article: "21", commas: expect.any(Array), asked: true });
  });
});

describe("an index of whole acts", () => {
  test.each([
    ["art. 21 Cost.", "costituzione.txt", "21"],
    ["art. 2043 c.c.", "codice-civile.txt", "2043"],
    ["art. 55 del d.lgs. 165/2001", "dlgs-165-2001.txt", "55"],
    ["art. 55-ter del d.lgs. 165/2001", "dlgs-165-2001.txt", "55-ter"],
    ["art. 2-septies d.lgs. 196/2003", "dlgs-196-2003.txt", "2-septies"],
  ])("«%s» finds the article's passage first", async (question, filename, article) => {
    const [first] = await search(wholeActs, question);
    expect([first?.filename, first?.reference?.article]).toEqual([filename, article]);
  });

  test("the comma asked comes first among the article's passages", async () => {
    const act = chosen.find((candidate) => candidate.act === "dlgs:165/2001")!;
    const long = act.articles.find((article) => article.commas.length >= 3)!;
    const [first] = await search(wholeActs, `art. ${long.article}, comma 3, d.lgs. 165/2001`);
    expect(first?.reference?.article).toBe(long.article);
    expect(first?.reference?.commas).toContain("3");
  });

  test("an article alone prefers the act the index holds most of", async () => {
    const [first] = await search(constitutionAndLaw, "art. 21");
    expect([first?.filename, first?.reference?.article]).toEqual(["costituzione.txt", "21"]);
    const [law] = await search(constitutionAndLaw, "art. 21 l. 241/1990");
    expect([law?.filename, law?.reference?.article]).toEqual(["legge-241-1990.txt", "21"]);
  });

  test("an article alone prefers the act the conversation named last", async () => {
    const conversationActs = actsOfConversation([
      { role: "user", content: "Cosa dice l'art. 3 Cost.?" },
      { role: "assistant", content: "L'art. 3 della legge 241/1990 non c'entra." },
      { role: "user", content: "E la legge 7 agosto 1990, n. 241 sul silenzio assenso?" },
    ]);
    expect(conversationActs).toEqual(["l:241/1990", "cost"]);
    const [first] = await search(constitutionAndLaw, "art. 21", conversationActs);
    expect([first?.filename, first?.reference?.article]).toEqual(["legge-241-1990.txt", "21"]);
  });

  test("an article alone prefers the act of the passages the conversation's last answer cited", async () => {
    const [cited] = await db.query<{ id: string }>(
      "SELECT c.id::text FROM rag_chunks c WHERE c.index_id = $1 AND c.act = 'l:241/1990' AND c.article = '3' LIMIT 1",
      [constitutionAndLaw.id],
    );
    const [elsewhere] = await db.query<{ id: string }>(
      "SELECT c.id::text FROM rag_chunks c WHERE c.index_id = $1 AND c.act = 'dlgs:165/2001' LIMIT 1",
      [wholeActs.id],
    );
    const conversation = [
      { role: "user", content: "Cosa dice l'art. 3 Cost.?" },
      { role: "assistant", content: "Ecco l'articolo [1].", cited: [cited!.id] },
      { role: "user", content: "E la motivazione?" },
      // An id of an index not searched, and one that is no passage: they name no act.
      { role: "assistant", content: "Eccola [1].", cited: [elsewhere!.id, "999999999"] },
    ];
    const citedActs = await actsOfCitedPassages(db, [constitutionAndLaw], conversation);
    expect([...citedActs.values()]).toEqual(["l:241/1990"]);
    const conversationActs = actsOfConversation(conversation, citedActs);
    expect(conversationActs).toEqual(["l:241/1990", "cost"]);
    const [first] = await search(constitutionAndLaw, "art. 21", conversationActs);
    expect([first?.filename, first?.reference?.article]).toEqual(["legge-241-1990.txt", "21"]);
    // Without the cited answer, the question that named the Constitution decides.
    expect(actsOfConversation(conversation)).toEqual(["cost"]);
  });
});

test("the key lookup against a scan of every passage: the first passage is one the scan finds for the reference", async () => {
  const questions = referenceQuestions(chosen).filter((question) => question.kind !== "argomento" && question.half === "dev");
  const rows = await db.query<{ filename: string; act: string | null; article: string | null }>(
    "SELECT d.filename, c.act, c.article FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE c.index_id = $1",
    [wholeActs.id],
  );
  expect(questions.length).toBeGreaterThan(50);
  for (const question of questions) {
    const [reference] = parseReferences(question.question).filter((found) => found.articles.length > 0);
    // The slow path: every passage read, those of the act and article asked kept.
    const scanned = rows.filter((row) => row.act === reference!.act && row.article === reference!.articles[0]);
    expect(scanned.length, question.question).toBeGreaterThan(0);
    const [first] = await search(wholeActs, question.question);
    expect([first?.reference?.act, first?.reference?.article], question.question).toEqual([scanned[0]!.act, scanned[0]!.article]);
  }
}, 120_000);

test("in whole acts the limit applied early (before reading passages) counts articles, not files, as the limit over the whole exact ranking does", async () => {
  const questions = referenceQuestions(chosen)
    .filter((question) => question.kind === "argomento" && question.half === "dev")
    .map((question) => question.question);
  const rows = await db.query<{ id: string; filename: string; act: string | null; article: string | null; commas: string[] | null }>(
    "SELECT c.id::text, d.filename, c.act, c.article, c.commas FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE c.index_id = $1",
    [wholeActs.id],
  );
  const chunks = new Map(rows.map((row) => [row.id, row]));
  let limited = 0;
  const differing: string[] = [];
  for (const question of questions) {
    // The slow path: every matching passage by exact BM25, each article of an act at most its share, then grouped.
    // The question as the full-text leg searches it: a frame («regole su …») and act words out.
    const ranking = (await exactRanking(db, wholeActs, withoutActWords(question))).map((hit) => {
      const row = chunks.get(hit.chunkId)!;
      return {
        ...hit,
        filename: row.filename,
        indexName: wholeActs.name,
        reference: { act: row.act, article: row.article!, commas: [], asked: false },
      };
    });
    const seen = new Map<string, number>();
    const allowed = ranking.filter((hit) => {
      const unit = `${hit.filename}#${hit.reference.article}`;
      seen.set(unit, (seen.get(unit) ?? 0) + 1);
      return seen.get(unit)! <= PASSAGES_PER_DOCUMENT;
    });
    const expected = groupedByDocument(allowed.slice(0, retrieval.topKReranker)).map((hit) => hit.chunkId);
    // Where a whole act holds more than its two passages of the first: a limit by file would have bitten.
    const files = ranking.slice(0, retrieval.topKReranker).map((hit) => hit.filename);
    if (files.some((file) => files.filter((other) => other === file).length > PASSAGES_PER_DOCUMENT)) limited += 1;
    const found = (await search(wholeActs, question)).map((passage) => passage.chunkId);
    if (found.join() !== expected.join()) differing.push(question);
  }
  expect(differing).toEqual([]);
  expect(limited).toBeGreaterThan(10);
}, 120_000);
