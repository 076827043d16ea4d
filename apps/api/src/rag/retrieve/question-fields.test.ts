import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Database } from "../../db/database";
import { migrate } from "../../db/migrate";
import { RAG_FIXTURES_DIR } from "../../../test-support/fixtures";
import { localEmbedder } from "../embedder";
import { finishIngestion, ingestFile } from "../ingest/ingestion";
import { extractFields, namesOf } from "./question-fields";
import { ensureSharedIndex, findIndex, type RagIndex } from "../rag-store";
import { localReranker } from "./reranker";
import { retrieve, type RetrievalEngine } from "./retrieval";
import { understandQuestion } from "./understand-question";

// The settings' field extraction (rag_use_field_extraction): what it reads out of a question, and
// what retrieval does with it, on a real (in-memory) Postgres over the five fixture documents.

describe("the fields of a question", () => {
  test("`campo:valore` qualifiers become document filters (or a number) and leave the text", () => {
    expect(extractFields('Quando fu tracciato? titolo:labirinto file:"labirinto-di-bosso" sito:esempi.oystar.test anno:1823')).toEqual({
      text: "Quando fu tracciato?",
      phrases: [],
      numbers: ["1823"],
      names: [],
      filters: [
        { field: "titolo", value: "labirinto" },
        { field: "file", value: "labirinto-di-bosso" },
        { field: "sito", value: "esempi.oystar.test" },
      ],
    });
    expect(extractFields("url:«esempi.oystar.test/guide» potatura").filters).toEqual([
      { field: "sito", value: "esempi.oystar.test/guide" },
    ]);
  });

  test("quoted phrases, numbers in digits and proper names", () => {
    const fields = extractFields("Chi scolpì la «Fontana del Tritone» di Villa Aurora nel 1634, alta 8,5 metri?");
    expect(fields.phrases).toEqual(["Fontana del Tritone"]);
    expect(fields.numbers).toEqual(["1634", "8,5"]);
    expect(fields.names).toEqual(["Villa Aurora"]);
    expect(fields.filters).toEqual([]);
  });

  test("names: capitalised runs with their connectors, one capitalised word past a sentence's start, never a capitalised article", () => {
    expect(namesOf("Chi commissionò il giardino di Villa d'Este a Tivoli?")).toEqual(["Villa d'Este", "Tivoli"]);
    expect(namesOf("Il Bonaparte soggiornò da Cosimo I de' Medici.")).toEqual(["Bonaparte", "Cosimo I de' Medici"]);
    expect(namesOf("Boboli apre alle otto.")).toEqual([]);
  });
});

let db: Database;
let engine: RetrievalEngine;
let index: RagIndex;
/** Passages that talk much about the question's words without the field, and one that has it. */
let lures: RagIndex;
beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  await migrate(db);
  engine = { db, embedder: localEmbedder(), vectors: true, reranker: localReranker() };
  const created = await ensureSharedIndex(db, "campi-prova");
  for (const filename of readdirSync(RAG_FIXTURES_DIR)) {
    await ingestFile(
      db,
      created,
      { filename, bytes: readFileSync(join(RAG_FIXTURES_DIR, filename)) },
      { embedder: engine.embedder, vectors: true },
    );
  }
  const made = await ensureSharedIndex(db, "campi-esche");
  const documents: Record<string, string> = {
    "fontane-del-viale.md":
      "# Le fontane del viale\n\nLa fontana grande e il tritone di bronzo: il tritone guarda la fontana, la fontana è antica, il tritone è restaurato.",
    "angolo-nascosto.md": "# Un angolo nascosto\n\nAccanto al muro c'è la Fontana del Tritone, piccola e coperta di muschio.",
    "restauri.md":
      "# I restauri del roseto\n\nIl roseto fu restaurato con cura: il restauro del roseto rinnovò le aiuole, e il roseto restaurato riaprì.",
    "cronaca.md": "# Cronaca del parco\n\nNel 2008 il roseto venne rifatto da capo dopo la grandinata.",
  };
  for (const [filename, text] of Object.entries(documents))
    await ingestFile(db, made, { filename, bytes: new TextEncoder().encode(text) }, { embedder: engine.embedder, vectors: true });
  await finishIngestion(db);
  index = (await findIndex(db, "campi-prova"))!;
  lures = (await findIndex(db, "campi-esche"))!;
});
afterAll(() => db.close());

const search = async (question: string, fieldExtraction = true, over = index) => {
  const understood = await understandQuestion(db, [over], question, { enableSpellCheck: false, useFieldExtraction: fieldExtraction });
  const options = {
    topKRetrieval: 45,
    topKReranker: 5,
    useFusedRetrieval: true,
    useReranker: true,
    useDeduplication: true,
    deduplicationThreshold: 0.9,
  };
  return retrieve(engine, [over], { ...options, queries: [understood.question], hypothetical: null, fields: understood.fields });
};

describe("retrieval with field extraction", () => {
  test("a `titolo:` qualifier keeps the search to the documents whose title matches; none matching, no passages", async () => {
    // A question whose words are in several documents (BM25 alone finds no document without them).
    const anywhere = await search("Quante volte l'anno si potano?", false);
    expect(new Set(anywhere.map((passage) => passage.filename)).size).toBeGreaterThan(1);
    const kept = await search("Quante volte l'anno si potano? titolo:labirinto");
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((passage) => passage.filename === "labirinto-di-bosso.md")).toBe(true);
    expect(await search("Quante volte l'anno si potano? titolo:inesistente")).toEqual([]);
  });

  test("a number the question gives puts the passages that give it first", async () => {
    const question = "Cosa fu restaurato nel roseto nel 2008?";
    expect((await search(question, false, lures))[0]?.filename).toBe("restauri.md");
    expect((await search(question, true, lures))[0]?.filename).toBe("cronaca.md");
  });

  test("a quoted phrase puts the passages that hold it as written first", async () => {
    const question = "Com'è la «Fontana del Tritone»?";
    expect((await search(question, false, lures))[0]?.filename).toBe("fontane-del-viale.md");
    expect((await search(question, true, lures))[0]?.filename).toBe("angolo-nascosto.md");
  });
});
