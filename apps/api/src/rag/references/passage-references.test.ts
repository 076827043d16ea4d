import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type Database } from "../../db/database";
import { migrate } from "../../db/migrate";
import { localEmbedder } from "../embedder";
import { chunkDocument } from "../ingest/text-chunking";
import { ingestFile } from "../ingest/ingestion";
import { ensureSharedIndex } from "../rag-store";
import { referenceOfName } from "./document-structure";
import { privacyCode } from "../../../test-support/legal-acts";

// Issue 49 §2: an article-structured document gives each passage its act and article at ingestion.

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  await migrate(db);
});
afterAll(() => db.close());

const options = { embedder: localEmbedder(), vectors: false };
const file = (filename: string, text: string) => ({ filename, bytes: new TextEncoder().encode(text) });

async function passagesOf(indexId: string, filename: string) {
  return db.query<{ act: string | null; article: string | null; commas: string[] | null; text: string }>(
    `SELECT c.act, c.article, c.commas, c.text FROM rag_chunks c JOIN rag_documents d ON d.id = c.document_id
     WHERE c.index_id = $1 AND d.filename = $2 ORDER BY c.ordinal`,
    [indexId, filename],
  );
}

test("a whole act: each passage gets the act of its heading and its own article; a short article is one passage of its own", async () => {
  const index = await ensureSharedIndex(db, "test-atto-intero");
  await ingestFile(db, index, file("codice-privacy.txt", privacyCode), options);
  const passages = await passagesOf(index.id, "codice-privacy.txt");
  expect(new Set(passages.map((passage) => passage.act))).toEqual(new Set(["dlgs:196/2003"]));
  expect([...new Set(passages.map((passage) => passage.article))]).toEqual(
    [null, "2-ter", "2-septies", "3", "4"].slice(passages[0]!.article ? 1 : 0),
  );
  const third = passages.filter((passage) => passage.article === "3");
  expect(third).toHaveLength(1);
  expect(third[0]!.text).toBe("Articolo 3 Breve articolo di una riga.");
  // No passage holds text of two articles.
  for (const passage of passages.filter((passage) => passage.article))
    expect(passage.text.match(/^(?:Art\.|Articolo) \S+/gm)?.length ?? 0).toBeLessThanOrEqual(1);
  expect(passages.filter((passage) => passage.article === "4").length).toBeGreaterThan(1);
  expect(passages.find((passage) => passage.article === "2-ter")!.commas).toEqual(["1", "2"]);
});

test("one article per file: the article from its heading or its name, the act from its title or name", async () => {
  const index = await ensureSharedIndex(db, "test-articoli");
  await ingestFile(
    db,
    index,
    file("Costituzione - art. 21.txt", "La stampa non può essere soggetta ad autorizzazioni o censure."),
    options,
  );
  await ingestFile(
    db,
    index,
    file("costituzione-art-2.txt", "Art. 2\nLa Repubblica riconosce e garantisce i diritti inviolabili dell'uomo."),
    options,
  );
  await ingestFile(db, index, file("appunti.txt", "Note della riunione sul costo del personale."), options);
  expect(await passagesOf(index.id, "Costituzione - art. 21.txt")).toMatchObject([{ act: "cost", article: "21" }]);
  expect(await passagesOf(index.id, "costituzione-art-2.txt")).toMatchObject([{ act: "cost", article: "2" }]);
  expect(await passagesOf(index.id, "appunti.txt")).toMatchObject([{ act: null, article: null, commas: null }]);
});

test("names of files as firms keep them", () => {
  expect(referenceOfName("dlgs-196-2003-art-2-septies.txt")).toEqual({ act: "dlgs:196/2003", article: "2-septies" });
  expect(referenceOfName("Art. 2043 c.c..docx")).toEqual({ act: "cc", article: "2043" });
  expect(referenceOfName("verbale assemblea.pdf")).toEqual({ act: null, article: null });
});

test("chunking of a document without articles is what it was", () => {
  const text = "Primo paragrafo del giardino.\n\n1. un punto\n2. un altro punto\n\nArticolo di giornale sul giardino.";
  expect(chunkDocument(text).chunks.every((chunk) => chunk.article === undefined && chunk.commas === undefined)).toBe(true);
});
