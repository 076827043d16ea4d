import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Database, Queryable } from "../src/db/database";
import { benchDocument } from "../lab/rag-cli/bench-corpus";
import {
  type DocumentInput,
  finishIngestion,
  type FullTextHit,
  fullTextSearch,
  localEmbedder,
  queryTermsFromTables,
  type RagIndex,
  storeDocuments,
} from "../src/rag";
import { markerWord } from "./paged-index";

// Indexes of the bench corpus (bench-corpus.ts: real Italian technical prose, many documents on
// one subject, so a question's words are in many passages and rankings have real competition)
// and the reference rankings that the fast paths of the full-text search are compared with
// (issue 32 §2: every fast path against the path it replaces).

/** Paragraphs per document of the bench corpus, in turn (each fifth document is a guide instead). */
const PARAGRAPHS = [1, 3, 5, 9];
/** A guide: this many paragraphs in a row of the Debian corpus, one subject — a dozen passages that a question finds together, so the per-document limit bites. */
const GUIDE_PARAGRAPHS = 20;

const corpusPath = fileURLToPath(new URL("../rag-eval/debian-it/paragraphs.jsonl", import.meta.url));
let corpus: Array<{ title: string; text: string }> | null = null;
const paragraphs = () =>
  (corpus ??= readFileSync(corpusPath, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { title: string; text: string }));

export const benchFilename = (number: number) => `documento-${String(number).padStart(5, "0")}.md`;

const withoutFrontMatter = (markdown: string) => markdown.replace(/^---[\s\S]*?---\n\n/, "");
const titleOf = (markdown: string) => /^title: (.*)$/m.exec(markdown)?.[1] ?? "";

/** Document `number` as ingestion stores it (storeDocuments): a bench-corpus document of 1 to 9 paragraphs, or a guide. */
export function benchDocumentInput(number: number): DocumentInput {
  if (number % 5 === 4) {
    const all = paragraphs();
    const first = (number * 37) % (all.length - GUIDE_PARAGRAPHS);
    const text = all
      .slice(first, first + GUIDE_PARAGRAPHS)
      .map((paragraph) => paragraph.text)
      .join("\n\n");
    return {
      filename: benchFilename(number),
      title: all[first]!.title,
      url: null,
      text,
      bytes: text.length,
      contentHash: `guide-${number}`,
    };
  }
  const markdown = benchDocument(number, PARAGRAPHS[number % 5]!);
  const text = withoutFrontMatter(markdown);
  return { filename: benchFilename(number), title: titleOf(markdown), url: null, text, bytes: text.length, contentHash: `bench-${number}` };
}

export const benchDocumentInputs = (from: number, count: number) =>
  Array.from({ length: count }, (_, offset) => benchDocumentInput(from + offset));

/**
 * Document `number` rewritten (re-ingested with changed text): another document's paragraphs
 * and a sentence with a word no other passage holds, `markerWord(marker)`.
 */
export function rewrittenDocumentInput(number: number, from: number, marker: number): DocumentInput {
  const markdown = benchDocument(from, 2);
  const text = `La revisione ${markerWord(marker)} sostituisce il testo precedente.\n\n${withoutFrontMatter(markdown)}`;
  return {
    filename: benchFilename(number),
    title: `Revisione ${marker}`,
    url: null,
    text,
    bytes: text.length,
    contentHash: `rewritten-${number}-${marker}`,
  };
}

/** Stores documents as `pnpm rag ingest` does (batches of 200), full-text only, and finishes the ingestion. */
export async function storeInBatches(db: Database, index: RagIndex, documents: readonly DocumentInput[]): Promise<void> {
  for (let start = 0; start < documents.length; start += 200) {
    await storeDocuments(db, index, documents.slice(start, start + 200), { embedder: localEmbedder(), vectors: false });
  }
  await finishIngestion(db);
}

/**
 * Questions drawn from every `every`-th passage of the index: one of its words, two of its
 * words, four words in a row. Deterministic (positions, not chance): rare words and common
 * ones, questions whose matches fit the candidate cap and questions far beyond it.
 */
export async function passageQuestions(db: Queryable, index: Pick<RagIndex, "id">, every: number): Promise<string[]> {
  const passages = await db.query<{ text: string }>("SELECT text FROM rag_chunks WHERE index_id = $1 ORDER BY id", [index.id]);
  return passages.flatMap(({ text }, number) => {
    const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
    if (number % every !== 0 || words.length < 12) return [];
    const word = (place: number) => words[(number * 31 + place) % words.length]!;
    const start = (number * 13) % (words.length - 4);
    return [word(0), `${word(3)} ${word(11)}`, words.slice(start, start + 4).join(" ")];
  });
}

/**
 * The reference ranking: BM25 computed by Postgres over every chunk that matches the question
 * (no candidate cap), the frequencies read from the tables ingestion keeps — every matching
 * chunk, best first.
 */
export async function exactRanking(db: Queryable, index: RagIndex, question: string): Promise<FullTextHit[]> {
  const terms = await queryTermsFromTables(db, index, question);
  return fullTextSearch(db, index, question, Math.max(1, index.chunkCount), { cap: Number.MAX_SAFE_INTEGER, terms });
}

/** Whether two rankings list the same chunks in the same order with the same scores (to 1e-9). */
export const sameRanking = (ranking: readonly FullTextHit[], reference: readonly FullTextHit[]) =>
  ranking.length === reference.length &&
  ranking.every((hit, place) => hit.chunkId === reference[place]!.chunkId && Math.abs(hit.score - reference[place]!.score) <= 1e-9);
