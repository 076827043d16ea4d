import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "../../db/database";
import { migrate } from "../../db/migrate";
import { RAG_FIXTURES_DIR } from "../../../test-support/fixtures";
import { localEmbedder } from "../embedder";
import { finishIngestion, ingestFile } from "../ingest/ingestion";
import { ensureSharedIndex, findIndex, type RagIndex } from "../rag-store";
import { localReranker } from "./reranker";
import { retrieve } from "./retrieval";
import { correctSpelling, editDistance } from "./spell-check";
import { understandQuestion } from "./understand-question";

// The settings' spell check (rag_enable_spell_check): a question's typos corrected against the
// vocabulary of the indexes searched, on a real (in-memory) Postgres over the fixture documents.

test("edit distance: insertions, deletions, substitutions and swapped neighbours cost one each", () => {
  expect(editDistance("giardno", "giardino")).toBe(1);
  expect(editDistance("tivoil", "tivoli")).toBe(1);
  expect(editDistance("limonaja", "limonaia")).toBe(1);
  expect(editDistance("spense", "spesso")).toBe(2);
  expect(editDistance("palermitano", "palermo", 2)).toBe(3);
});

let db: Database;
let index: RagIndex;
let museums: RagIndex;
beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  await migrate(db);
  const created = await ensureSharedIndex(db, "ortografia-prova");
  for (const filename of readdirSync(RAG_FIXTURES_DIR)) {
    await ingestFile(
      db,
      created,
      { filename, bytes: readFileSync(join(RAG_FIXTURES_DIR, filename)) },
      { embedder: localEmbedder(), vectors: true },
    );
  }
  const gallery = await ensureSharedIndex(db, "ortografia-musei");
  const text = "# Gli Uffizi\n\nGli Uffizi custodiscono la Nascita di Venere di Botticelli. Il museo degli Uffizi apre alle 8:15.";
  await ingestFile(db, gallery, { filename: "uffizi.md", bytes: Buffer.from(text) }, { embedder: localEmbedder(), vectors: true });
  await finishIngestion(db);
  index = (await findIndex(db, "ortografia-prova"))!;
  museums = (await findIndex(db, "ortografia-musei"))!;
});
afterAll(() => db.close());

describe("correcting a question", () => {
  test("a misspelt word becomes the closest word of the documents, written as the question wrote it", async () => {
    expect(await correctSpelling(db, [index], "Quanto sono alte le siepi del Labirnto?")).toEqual({
      question: "Quanto sono alte le siepi del Labirinto?",
      corrections: [{ word: "labirnto", correction: "labirinto" }],
    });
    const limoni = await correctSpelling(db, [index], "Quanti limoni stanno nella limonaja?");
    expect(limoni.question).toBe("Quanti limoni stanno nella limonaia?");
  });

  test("words the documents have, short words and words far from any are left alone", async () => {
    for (const { question } of readFileSync(join(RAG_FIXTURES_DIR, "../rag-fixtures-qa.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { question: string })) {
      expect((await correctSpelling(db, [index], question)).corrections).toEqual([]);
    }
    expect((await correctSpelling(db, [index], "Una vila col labirinto?")).corrections).toEqual([]);
    expect((await correctSpelling(db, [index], "Quanto costa un elicottero?")).corrections).toEqual([]);
  });

  // Issue 23 §7: without a dictionary, «uffici» (offices) was "corrected" to the documents' «Uffizi».
  test("a real Italian word the documents do not contain is left as written; a typo of theirs is still corrected", async () => {
    expect(await correctSpelling(db, [museums], "Dove sono gli uffici del museo?")).toEqual({
      question: "Dove sono gli uffici del museo?",
      corrections: [],
    });
    expect((await correctSpelling(db, [museums], "Quale quadro di Boticelli custodiscono?")).question).toBe(
      "Quale quadro di Botticelli custodiscono?",
    );
  });

  test("with spell check on, the misspelt question finds its passage first; off, it is searched as written", async () => {
    const options = {
      topKRetrieval: 45,
      topKReranker: 3,
      useFusedRetrieval: true,
      useReranker: true,
      useDeduplication: true,
      deduplicationThreshold: 0.9,
    };
    const question = "In che mesi si pota l’ulivvo secondo la potatra?";
    const off = await understandQuestion(db, [index], question, { enableSpellCheck: false, useFieldExtraction: false });
    expect(off.question).toBe(question);
    const on = await understandQuestion(db, [index], question, { enableSpellCheck: true, useFieldExtraction: false });
    expect(on.question).toBe("In che mesi si pota l’ulivo secondo la potatura?");
    const [first] = await retrieve({ db, embedder: localEmbedder(), vectors: true, reranker: localReranker() }, [index], {
      ...options,
      queries: [on.question],
      hypothetical: null,
    });
    expect(first?.filename).toBe("potatura-ulivi.md");
  });
});
