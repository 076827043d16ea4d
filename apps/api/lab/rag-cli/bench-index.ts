// Part of `pnpm bench rag` (bench/rag.mjs runs it; not a test): writes N documents of the bench
// corpus (bench-corpus.ts) to a temp folder and ingests them with `pnpm rag ingest`'s own code
// into the server's database (DATA_DIR's PGlite, or DATABASE_URL), timing the ingestion. With
// --known-questions FILE it also writes there (JSON) the known-passage questions of these documents
// (known-passage-questions.ts), which bench/rag.mjs asks the served product to measure recall.
// Usage: tsx bench-index.ts --index NAME [--documents 10000] [--paragraphs 4] [--known-questions FILE] [--known-count 200]
// Ends with one JSON line: {documents, chunks, ingest_seconds, database}.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findIndex } from "../../src/rag";
import { benchDocument } from "./bench-corpus";
import { openCliContext, parseArguments } from "./cli-context";
import { ingestCommand } from "./ingest-command";
import { corpusDocumentOf, knownPassageQuestions, type CorpusDocument } from "./known-passage-questions";

const { options } = parseArguments(process.argv.slice(2));
const name = options.get("index") ?? "bench-documenti";
const documents = Number(options.get("documents") ?? 10_000);
const paragraphs = Number(options.get("paragraphs") ?? 4);
const knownQuestionsFile = options.get("known-questions");
const knownCount = Number(options.get("known-count") ?? 200);

const folder = mkdtempSync(join(tmpdir(), "oystar-rag-bench-docs-"));
try {
  const corpus: CorpusDocument[] = [];
  for (let number = 0; number < documents; number += 1) {
    const filename = `doc-${String(number).padStart(6, "0")}.md`;
    const text = benchDocument(number, paragraphs);
    writeFileSync(join(folder, filename), text);
    if (knownQuestionsFile) corpus.push(await corpusDocumentOf(filename, text));
  }
  if (knownQuestionsFile) writeFileSync(knownQuestionsFile, JSON.stringify(knownPassageQuestions(corpus, knownCount)));
  const context = await openCliContext();
  try {
    const started = performance.now();
    await ingestCommand(context, name, [folder]);
    const seconds = (performance.now() - started) / 1000;
    const index = await findIndex(context.db, name);
    console.info(
      JSON.stringify({
        documents: index?.documents ?? 0,
        chunks: index?.chunkCount ?? 0,
        ingest_seconds: Math.round(seconds * 10) / 10,
        database: context.db.kind,
      }),
    );
  } finally {
    await context.close();
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
