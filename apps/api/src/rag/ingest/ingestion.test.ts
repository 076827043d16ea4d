import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type Database } from "../../db/database";
import { migrate } from "../../db/migrate";
import { migrations } from "../../db/migrations";
import { localEmbedder } from "../embedder";
import {
  bm25,
  CANDIDATE_CAP,
  candidateTerms,
  fullTextSearch,
  idfOf,
  lexemesOf,
  parseTsvector,
  queryTerms,
  STEM_WEIGHT,
} from "../retrieve/full-text-search";
import { DocumentReadingError, type DocumentReader } from "./document-reader";
import { documentText } from "./document-text";
import { deleteDocument, finishIngestion, ingestFile, ingestFiles, StorageLimitError, storeDocument, storeDocuments } from "./ingestion";
import { createIndex, ensureSharedIndex, findIndex, type RagIndex } from "../rag-store";
import { vectorSearch } from "../retrieve/vector-search";
import { emailFile } from "../../../test-support/office-files";

// Ingestion and the full-text leg on a real (in-memory) Postgres.

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  await migrate(db);
});
afterAll(() => db.close());

const options = { embedder: localEmbedder(), vectors: true };
const file = (filename: string, text: string) => ({ filename, bytes: new TextEncoder().encode(text) });
const fresh = async (name: string) => (await findIndex(db, name)) as RagIndex;

/** The statistics ingestion keeps, recounted from scratch (both views: lexemes and prefix stems). */
async function recount(indexId: string) {
  const terms = await db.query<{ lexeme: string; df: number }>("SELECT lexeme, df FROM rag_terms WHERE index_id = $1 ORDER BY lexeme", [
    indexId,
  ]);
  const truth = await db.query<{ lexeme: string; df: number }>(
    `SELECT word AS lexeme, ndoc AS df FROM ts_stat('SELECT tsv FROM rag_chunks WHERE index_id = ${Number(indexId)}') ORDER BY word`,
  );
  const stems = await db.query<{ stem: string; df: number }>("SELECT stem, df FROM rag_stem_terms WHERE index_id = $1 ORDER BY stem", [
    indexId,
  ]);
  const stemTruth = await db.query<{ stem: string; df: number }>(
    `SELECT word AS stem, ndoc AS df FROM ts_stat('SELECT stems FROM rag_chunks WHERE index_id = ${Number(indexId)}') ORDER BY word`,
  );
  const [totals] = await db.query<{ chunks: number; lexemes: number; stems: number }>(
    "SELECT count(*)::int AS chunks, coalesce(sum(lexeme_count), 0)::int AS lexemes, coalesce(sum(stem_count), 0)::int AS stems FROM rag_chunks WHERE index_id = $1",
    [indexId],
  );
  return { terms, truth, stems, stemTruth, totals };
}

test("re-ingesting a file replaces it whole, and the BM25 statistics follow", async () => {
  let index = await ensureSharedIndex(db, "test-sostituzione");
  expect(
    await ingestFile(db, index, file("guida.md", "---\ntitle: Guida\n---\nLe rose antiche fioriscono a maggio nel roseto."), options),
  ).toMatchObject({ status: "added", chunks: 1 });
  await ingestFile(db, index, file("altro.md", "Il glicine copre il pergolato in aprile."), options);
  expect(
    await ingestFile(db, index, file("guida.md", "---\ntitle: Guida\n---\nLe rose antiche fioriscono a maggio nel roseto."), options),
  ).toMatchObject({ status: "unchanged" });
  expect(
    await ingestFile(db, index, file("guida.md", "---\ntitle: Guida\n---\nI tulipani olandesi fioriscono ad aprile."), options),
  ).toMatchObject({ status: "replaced", chunks: 1 });
  index = await fresh("test-sostituzione");

  expect(await fullTextSearch(db, index, "rose antiche", 10)).toEqual([]);
  const tulips = await fullTextSearch(db, index, "tulipani", 10);
  expect(tulips).toHaveLength(1);
  const [row] = await db.query<{ text: string; filename: string }>(
    "SELECT c.text, d.filename FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE c.id = $1",
    [tulips[0]?.chunkId],
  );
  expect(row).toEqual({ filename: "guida.md", text: "I tulipani olandesi fioriscono ad aprile." });
  // The old chunk's vector went with it.
  const [query] = await options.embedder.embed(["rose antiche"]);
  const nearest = await vectorSearch(db, options.embedder, index.id, query!, 10);
  expect(nearest).toHaveLength(2);

  const { terms, truth, stems, stemTruth, totals } = await recount(index.id);
  expect(terms).toEqual(truth);
  expect(stems).toEqual(stemTruth);
  expect(terms.some((term) => term.lexeme === "ros")).toBe(false);
  expect(stems.some((term) => term.stem === "antich")).toBe(false);
  expect({ chunks: index.chunkCount, lexemes: index.lexemeTotal, stems: index.stemTotal, documents: index.documents }).toEqual({
    chunks: totals?.chunks,
    lexemes: totals?.lexemes,
    stems: totals?.stems,
    documents: 2,
  });

  expect(await deleteDocument(db, index, "guida.md")).toBe(true);
  const afterDelete = await recount(index.id);
  expect(afterDelete.terms).toEqual(afterDelete.truth);
  expect(afterDelete.stems).toEqual(afterDelete.stemTruth);
  expect((await fresh("test-sostituzione")).stemTotal).toBe(afterDelete.totals?.stems);
  expect((await fresh("test-sostituzione")).chunkCount).toBe(1);
});

test("the full-text leg ranks by exact BM25 of lexemes plus prefix stems (checked against a brute-force count), from Postgres and from memory", async () => {
  const index0 = await ensureSharedIndex(db, "test-bm25");
  const texts = [
    "Il giardino all'italiana ha siepi di bosso potate e fontane.",
    "Le fontane del giardino barocco hanno giochi d'acqua e fontane minori.",
    "La limonaia protegge i limoni d'inverno.",
    "Il bosso è la pianta delle siepi del giardino formale.",
    "Un giardino di rose e fontane, con un lungo viale di cipressi e un giardino segreto.",
  ];
  for (const [position, text] of texts.entries())
    await storeDocument(
      db,
      index0,
      { filename: `d${position}.txt`, title: "", url: null, text, bytes: text.length, contentHash: String(position) },
      options,
    );
  await finishIngestion(db);
  const index = await fresh("test-bm25");
  const question = "fontane del giardino con siepi";
  // From Postgres (a cap, as when no copy is in memory: here above every match) and from memory.
  const fromPostgres = await fullTextSearch(db, index, question, 10, { cap: 1000 });
  const fromMemory = await fullTextSearch(db, index, question, 10);

  const terms = (await queryTerms(db, index, question)).filter((term) => term.df > 0);
  const [lexemes, stems] = [lexemesOf(terms), terms.filter((term) => term.stem)];
  // «giardino» and «giardini» share the stem «giardi»; «del» and «con» are stems too (low idf).
  expect(stems.map((term) => term.lexeme).sort()).toEqual(["con", "del", "fontan", "giardi", "siepi"]);
  const rows = await db.query<{ id: string; tsv: string; lexeme_count: number; stems: string; stem_count: number }>(
    "SELECT id::text, tsv::text, lexeme_count, stems::text, stem_count FROM rag_chunks WHERE index_id = $1",
    [index.id],
  );
  const average = rows.reduce((sum, row) => sum + row.lexeme_count, 0) / rows.length;
  const averageStems = rows.reduce((sum, row) => sum + row.stem_count, 0) / rows.length;
  for (const term of lexemes)
    expect(term.idf).toBeCloseTo(idfOf(rows.length, rows.filter((row) => parseTsvector(row.tsv).has(term.lexeme)).length), 12);
  for (const term of stems)
    expect(term.idf).toBeCloseTo(idfOf(rows.length, rows.filter((row) => parseTsvector(row.stems).has(term.lexeme)).length), 12);
  const expected = rows
    .map((row) => ({
      chunkId: row.id,
      score:
        bm25(lexemes, parseTsvector(row.tsv), row.lexeme_count, average) +
        STEM_WEIGHT * bm25(stems, parseTsvector(row.stems), row.stem_count, averageStems),
    }))
    .filter((hit) => hit.score > 0)
    .sort((left, right) => right.score - left.score);
  for (const ranked of [fromPostgres, fromMemory]) {
    expect(ranked.map((hit) => hit.chunkId)).toEqual(expected.map((hit) => hit.chunkId));
    ranked.forEach((hit, position) => expect(hit.score).toBeCloseTo(expected[position]!.score, 9));
  }
  // Repeated words count: the chunk with «fontane» twice and «giardino» twice ranks above the plain one;
  // «La limonaia…» shares no word with the question.
  expect(fromMemory.length).toBe(4);
});

test("when every word is common, the chunks holding the two rarest together are the candidates", async () => {
  const index0 = await ensureSharedIndex(db, "test-parole-comuni");
  const texts = [
    ...Array.from({ length: 30 }, (_, n) => `Il giardino numero ${n} ha un viale alberato.`),
    ...Array.from({ length: 30 }, (_, n) => `La rosa numero ${n} ha un profumo intenso.`),
    "Nel giardino cresce una rosa rampicante.",
    "Ogni giardino merita una rosa antica.",
  ];
  for (const [position, text] of texts.entries())
    await storeDocument(
      db,
      index0,
      { filename: `c${position}.txt`, title: "", url: null, text, bytes: text.length, contentHash: `c${position}` },
      options,
    );
  const index = await fresh("test-parole-comuni");
  const ranked = await fullTextSearch(db, index, "giardino rosa", 5, { cap: 10 });
  const [first, second] = await db.query<{ text: string }>(
    "SELECT text FROM rag_chunks WHERE id = ANY($1::bigint[]) ORDER BY array_position($1::bigint[], id)",
    [ranked.slice(0, 2).map((hit) => hit.chunkId)],
  );
  expect([first?.text, second?.text].sort()).toEqual(["Nel giardino cresce una rosa rampicante.", "Ogni giardino merita una rosa antica."]);
  expect(ranked).toHaveLength(5);
});

test("candidates: the rarest terms first, until their matches reach the cap", () => {
  const terms = [
    { lexeme: "giardin", df: 900, idf: 0.1 },
    { lexeme: "bomarz", df: 3, idf: 5 },
    { lexeme: "mostr", df: 40, idf: 3 },
    { lexeme: "assente", df: 0, idf: 9 },
  ];
  expect(candidateTerms(terms, 100).map((term) => term.lexeme)).toEqual(["bomarz", "mostr"]);
  expect(candidateTerms(terms, CANDIDATE_CAP).map((term) => term.lexeme)).toEqual(["bomarz", "mostr"]);
  expect(candidateTerms(terms, 1000).map((term) => term.lexeme)).toEqual(["bomarz", "mostr", "giardin"]);
  // A question of common words still has its rarest one.
  expect(candidateTerms([{ lexeme: "giardin", df: 900, idf: 0.1 }], 100).map((term) => term.lexeme)).toEqual(["giardin"]);
});

test("a customer's documents may not pass their plan's storage (spec 001 §9: Business 100 MB)", async () => {
  const [owner] = await db.query<{ id: string }>(
    "INSERT INTO users (sub, email, plan) VALUES ('sub-azienda', 'azienda@example.test', 'business') RETURNING id::text",
  );
  const index = await createIndex(db, { name: "azienda-documenti", ownerId: owner!.id });
  const document = (filename: string, bytes: number) => ({
    filename,
    title: "T",
    url: null,
    text: "Testo del documento aziendale.",
    bytes,
    contentHash: filename,
  });
  await storeDocument(db, index, document("uno.pdf", 60 * 1024 * 1024), options);
  await expect(storeDocument(db, index, document("due.pdf", 50 * 1024 * 1024), options)).rejects.toThrow(StorageLimitError);
  await expect(storeDocument(db, index, document("due.pdf", 50 * 1024 * 1024), options)).rejects.toThrow(
    "Spazio esaurito: il tuo piano consente al massimo 100 MB di documenti indicizzati.",
  );
  // Replacing a file counts only the difference.
  await storeDocument(db, index, document("uno.pdf", 90 * 1024 * 1024), options);
  expect((await fresh("azienda-documenti")).bytes).toBe(90 * 1024 * 1024);
});

test("migration 0012 gives chunks stored before it their prefix stems and statistics", async () => {
  const old = await openDatabase({ dataDir: null });
  try {
    await migrate(
      old,
      migrations.slice(
        0,
        migrations.findIndex((migration) => migration.id === "0015-rag-prefix-stems"),
      ),
    );
    const [created] = await old.query<{ id: string }>(
      "INSERT INTO rag_indexes (name, label, chunk_count) VALUES ('prima', 'Prima', 2) RETURNING id::text",
    );
    const [document] = await old.query<{ id: string }>(
      "INSERT INTO rag_documents (index_id, filename, title, bytes, content_hash) VALUES ($1, 'f.md', 'Funzionalità', 10, 'h') RETURNING id::text",
      [created!.id],
    );
    for (const [ordinal, text] of ["Il file /etc/apt/sources.list elenca gli archivi.", "Le funzionalità di rete."].entries()) {
      await old.query(
        "INSERT INTO rag_chunks (document_id, index_id, ordinal, text, tsv, lexeme_count) VALUES ($1, $2, $3, $4, to_tsvector('italian', $4), 1)",
        [document!.id, created!.id, ordinal, text],
      );
    }
    await migrate(old);
    const chunks = await old.query<{ stems: string; stem_count: number }>(
      "SELECT stems::text, stem_count FROM rag_chunks ORDER BY ordinal",
    );
    // The title's words first, then the text's, each folded and cut to six letters.
    expect(chunks[0]).toEqual({
      stems: "'apt':5 'archiv':10 'elenca':8 'etc':4 'file':3 'funzio':1 'gli':9 'il':2 'list':7 'source':6",
      stem_count: 10,
    });
    const stems = await old.query<{ stem: string; df: number }>("SELECT stem, df FROM rag_stem_terms ORDER BY stem");
    expect(stems.find((row) => row.stem === "funzio")?.df).toBe(2);
    const [index] = await old.query<{ stem_total: string }>("SELECT stem_total::text FROM rag_indexes");
    expect(Number(index?.stem_total)).toBe(chunks.reduce((sum, chunk) => sum + chunk.stem_count, 0));
  } finally {
    await old.close();
  }
});

test("documents stored together (a bulk load) keep the same statistics as one by one, and a replaced one is replaced", async () => {
  const created = await ensureSharedIndex(db, "test-insieme");
  const document = (filename: string, text: string) => ({
    filename,
    title: `Titolo ${filename}`,
    url: null,
    text,
    bytes: text.length,
    contentHash: text,
  });
  const first = await storeDocuments(
    db,
    created,
    [
      document("a.md", "Le rose rampicanti fioriscono a maggio."),
      document("b.md", "Il glicine copre la pergola."),
      document("c.md", "Le rose antiche profumano."),
    ],
    options,
  );
  expect(first.map((result) => [result.filename, result.status])).toEqual([
    ["a.md", "added"],
    ["b.md", "added"],
    ["c.md", "added"],
  ]);
  const second = await storeDocuments(
    db,
    await fresh("test-insieme"),
    [document("c.md", "Le peonie arboree fioriscono ad aprile."), document("d.md", "Il roseto ha cento varietà.")],
    options,
  );
  expect(second.map((result) => result.status)).toEqual(["replaced", "added"]);
  const index = await fresh("test-insieme");
  const { terms, truth, stems, stemTruth, totals } = await recount(index.id);
  expect(terms).toEqual(truth);
  expect(stems).toEqual(stemTruth);
  expect({ chunks: index.chunkCount, lexemes: index.lexemeTotal, stems: index.stemTotal, documents: index.documents }).toEqual({
    chunks: totals?.chunks,
    lexemes: totals?.lexemes,
    stems: totals?.stems,
    documents: 4,
  });
  const [stored] = await db.query<{ text: string; title: string }>(
    "SELECT c.text, d.title FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE d.filename = 'c.md' AND d.index_id = $1",
    [index.id],
  );
  expect(stored).toEqual({ text: "Le peonie arboree fioriscono ad aprile.", title: "Titolo c.md" });
});

test("issue 34: an e-mail's attachments are documents of their own, that go with the e-mail when it is replaced or deleted", async () => {
  const index = await createIndex(db, { name: "posta", ownerId: null });
  const documents = async () =>
    (await db.query<{ filename: string }>("SELECT filename FROM rag_documents WHERE index_id = $1 ORDER BY filename", [index.id])).map(
      (row) => row.filename,
    );
  const first = await ingestFile(db, index, { filename: "rinvio.eml", bytes: emailFile() }, options);
  expect(first.attachments).toEqual([expect.objectContaining({ filename: "rinvio.eml/verbale.pdf", status: "added", chunks: 1 })]);
  expect(await documents()).toEqual(["rinvio.eml", "rinvio.eml/verbale.pdf"]);

  // Its next version has no attachment: the old one does not stay behind.
  const bare = new TextEncoder().encode(
    "Subject: Rinvio udienza Ferretti\r\nContent-Type: text/plain\r\n\r\nNessun allegato questa volta.\r\n",
  );
  expect((await ingestFile(db, index, { filename: "rinvio.eml", bytes: bare }, options)).attachments).toEqual([]);
  expect(await documents()).toEqual(["rinvio.eml"]);

  await ingestFile(db, index, { filename: "rinvio.eml", bytes: emailFile() }, options);
  expect(await deleteDocument(db, index, "rinvio.eml")).toBe(true);
  expect(await documents()).toEqual([]);
  expect(await recount(index.id)).toMatchObject({ totals: { chunks: 0, lexemes: 0, stems: 0 } });
});

test("a document whose text holds NUL characters (some PDFs' text layers do) is indexed and found, not refused by the database", async () => {
  const index = await ensureSharedIndex(db, "test-nul");
  const text = "---\ntitle: Verbale\u0000 di consegna\n---\nLa consegna\u0000 del cantiere è avvenuta il 3 marzo.\u0000";
  expect(await ingestFile(db, index, file("verbale.md", text), options)).toMatchObject({ status: "added", chunks: 1 });
  const [found] = await fullTextSearch(db, await fresh("test-nul"), "consegna cantiere", 10);
  const [row] = await db.query<{ text: string; title: string }>(
    "SELECT c.text, d.title FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id WHERE c.id = $1",
    [found?.chunkId],
  );
  // Postgres text cannot hold U+0000: each became a space (which the Markdown reading text then
  // collapses), and the title lost it.
  expect(row).toEqual({ text: "La consegna del cantiere è avvenuta il 3 marzo.", title: "Verbale di consegna" });
});

test("issue 34 §2: a bulk load hands the reader every document of the batch at once, and stores them in the files' order", async () => {
  const index = await ensureSharedIndex(db, "test-letture-affiancate");
  const files = ["a.md", "b.md", "rotto.md", "c.md"].map((name) => file(name, `# ${name}\n\nIl testo di ${name} parla di glicini.`));
  let reading = 0;
  let mostAtOnce = 0;
  // A reader with as many processes as there are files: how many it is given before any is read.
  const reader = {
    async read(input: { filename: string; bytes: Uint8Array }) {
      reading += 1;
      mostAtOnce = Math.max(mostAtOnce, reading);
      await new Promise((resolve) => setImmediate(resolve));
      reading -= 1;
      if (input.filename === "rotto.md") throw new DocumentReadingError("«rotto.md» non è stato indicizzato.");
      return documentText(input.filename, input.bytes);
    },
  } as unknown as DocumentReader;
  const results = await ingestFiles(db, index, files, { ...options, reader });
  expect(mostAtOnce).toBe(4);
  expect(results.map((result) => [result.filename, "error" in result ? result.error.message : result.status])).toEqual([
    ["a.md", "added"],
    ["b.md", "added"],
    ["rotto.md", "«rotto.md» non è stato indicizzato."],
    ["c.md", "added"],
  ]);
  expect((await fresh("test-letture-affiancate")).documents).toBe(3);
});
