import { afterAll, beforeAll, expect, test } from "vitest";
import { openTestDatabase } from "../../../test-support/test-database";
import type { Database } from "../../db/database";
import { localEmbedder } from "../embedder";
import { ingestFile } from "../ingest/ingestion";
import { ensureSharedIndex, type RagIndex } from "../rag-store";
import { backfillReferences, placesOfPassages } from "./reference-backfill";
import { privacyCode } from "../../../test-support/legal-acts";

// Issue 49 §2 for documents indexed before migration 0061: their passages learn their act and
// article from their stored text, once, without re-uploading.

let db: Database;
let index: RagIndex;
beforeAll(async () => {
  // PGlite under `pnpm test`, a real PostgreSQL under `pnpm test:postgres`.
  db = await openTestDatabase();
  index = await ensureSharedIndex(db, "test-prima-dei-riferimenti");
});
afterAll(() => db.close());

const options = { embedder: localEmbedder(), vectors: false };
const file = (filename: string, text: string) => ({ filename, bytes: new TextEncoder().encode(text) });

/** As the chunker before issue 49 kept an act: each article a paragraph, its heading flattened into it. */
const long = (sentence: string) =>
  `${sentence} ${"Il procedimento si svolge secondo i criteri di economicità, efficacia e pubblicità. ".repeat(10)}`;
const flattenedLaw = [
  "Legge 7 agosto 1990, n. 241 - Nuove norme sul procedimento amministrativo",
  long("Art. 1 L'attività amministrativa persegue i fini determinati dalla legge."),
  long("Art. 2 Ove il procedimento consegua obbligatoriamente ad una istanza, la pubblica amministrazione ha il dovere di concluderlo."),
  long("Art. 21 Con la segnalazione o con la domanda di autorizzazione l'interessato deve dichiarare la sussistenza dei presupposti."),
].join("\n\n");

const aNote = "Art. 3 della legge citata non riguarda questa pratica.\n\nIl costo del personale è cresciuto.";

type Row = { filename: string; act: string | null; article: string | null; commas: string[] | null };
const references = () =>
  db.query<Row>(
    `SELECT d.filename, c.act, c.article, c.commas FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id
     WHERE c.index_id = $1 ORDER BY d.filename, c.ordinal`,
    [index.id],
  );

/** The index as a server before migration 0061 left it: no passage knows its act or article, no document was read. */
async function asBeforeReferences() {
  await db.query("UPDATE rag_chunks SET act = NULL, article = NULL, commas = NULL WHERE index_id = $1", [index.id]);
  await db.query("UPDATE rag_documents SET references_read = false WHERE index_id = $1", [index.id]);
}

test("passages indexed before references learn them from their text, as ingestion gives them; once, in batches", async () => {
  await ingestFile(db, index, file("codice-privacy.txt", privacyCode), options);
  await ingestFile(db, index, file("legge-241-1990.txt", flattenedLaw), options);
  await ingestFile(db, index, file("nota.txt", aNote), options);
  const atIngestion = (await references()).filter((row) => row.filename === "codice-privacy.txt");
  expect(atIngestion.some((row) => row.article === "2-septies")).toBe(true);

  await asBeforeReferences();
  expect((await references()).every((row) => row.article === null)).toBe(true);
  // Batches of one document: every batch a transaction of its own, and every document read.
  expect(await backfillReferences(db, 1)).toEqual({ documents: 3, passages: expect.any(Number) });

  const after = await references();
  expect(after.filter((row) => row.filename === "codice-privacy.txt")).toEqual(atIngestion);
  // Each passage under the article it ends in, the act from the heading before the first.
  const law = after.filter((row) => row.filename === "legge-241-1990.txt");
  expect(new Set(law.map((row) => row.act))).toEqual(new Set(["l:241/1990"]));
  expect([...new Set(law.map((row) => row.article))]).toEqual(["1", "2", "21"]);
  // A note whose paragraph opens with an article is no act.
  expect(after.filter((row) => row.filename === "nota.txt").every((row) => row.act === null && row.article === null)).toBe(true);

  // Run again (the next start): nothing left to read, nothing changed.
  expect(await backfillReferences(db)).toEqual({ documents: 0, passages: 0 });
  expect(await references()).toEqual(after);
});

test("a document ingested now is read by ingestion, not again by the backfill", async () => {
  await ingestFile(db, index, file("altra-nota.txt", "Una nota senza articoli."), options);
  expect(await backfillReferences(db)).toEqual({ documents: 0, passages: 0 });
});

test("a passage belongs to the article it ends in, with that article's commas", () => {
  const { places, preamble } = placesOfPassages([
    "Costituzione della Repubblica Italiana\n\nArt. 20 Il carattere ecclesiastico non può essere causa di speciali limitazioni.",
    "Art. 21\n\n1. Tutti hanno diritto di manifestare liberamente il proprio pensiero.\n\n2. La stampa non può essere soggetta ad autorizzazioni o censure.",
  ]);
  expect(places).toEqual([{ article: "20" }, { article: "21", commas: ["1", "2"] }]);
  expect(preamble).toContain("Costituzione della Repubblica Italiana");
});
