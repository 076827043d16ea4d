import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ingestFile, storeDocument } from "../ingest/ingestion";
import type { RagIndex } from "../rag-store";
import { callerPath, type CliContext } from "./cli-context";
import { ingestibleFiles } from "./ingest-command";

// The question sets of `pnpm rag eval` (apps/api/rag-eval): each is searched in an index of its
// own, and a question counts as found at k when its `answerFile` is among the first k distinct
// documents.
//  - demo: the 299 questions written with the 72 demo documents (qa.jsonl). The local reranker
//    was tuned on it: it is far too easy, and kept as a regression check.
//  - debian-dev, debian-test: 1,863 paragraphs of Italian Debian documentation, each its own
//    document, and 454 paraphrased questions (debian-it/README.md). Retrieval is tuned on the
//    dev half only; the test half says whether a stage earns its default.

export type EvalQuestion = { id: string; question: string; answerFile: string; answer?: string };
export type EvalSet = { name: string; questions: EvalQuestion[]; documents: number; load(context: CliContext, index: RagIndex): Promise<void> };

export const EVAL_SET_NAMES = ["demo", "debian-dev", "debian-test"] as const;

const jsonLines = async <T>(path: string): Promise<T[]> =>
  (await readFile(path, "utf8"))
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);

type QaLine = { id: string; question: string; answer_file: string; answer?: string };

/** The questions of a QA file (the demo's qa.jsonl), as written. */
export const readQa = (path: string) => jsonLines<QaLine>(path);

/** A QA file (`{id, question, answer_file, answer?}` per line) over a folder of documents. */
export async function folderSet(name: string, qaPath: string, docsPath: string): Promise<EvalSet> {
  const questions = (await jsonLines<QaLine>(callerPath(qaPath))).map((line) => ({ id: line.id, question: line.question, answerFile: line.answer_file, ...(line.answer ? { answer: line.answer } : {}) }));
  const files = await ingestibleFiles([docsPath]);
  return {
    name,
    questions,
    documents: files.length,
    async load(context, index) {
      for (const file of files) {
        await ingestFile(context.db, index, { filename: file.filename, bytes: await readFile(file.path) }, { embedder: context.engine.embedder, vectors: context.engine.vectors });
      }
    },
  };
}

type Paragraph = { id: string; half: "dev" | "test"; title: string; text: string };
type ParagraphQuestion = { id: string; half: "dev" | "test"; paragraph: string; question: string };

/** One half of the Debian set: its paragraphs, each a document `p0001.md` titled by its section. */
export async function debianSet(directory: string, half: "dev" | "test"): Promise<EvalSet> {
  const paragraphs = (await jsonLines<Paragraph>(join(directory, "paragraphs.jsonl"))).filter((paragraph) => paragraph.half === half);
  const questions = (await jsonLines<ParagraphQuestion>(join(directory, "questions.jsonl")))
    .filter((question) => question.half === half)
    .map((question) => ({ id: question.id, question: question.question, answerFile: `${question.paragraph}.md` }));
  return {
    name: `debian-${half}`,
    questions,
    documents: paragraphs.length,
    async load(context, index) {
      for (const paragraph of paragraphs) {
        await storeDocument(
          context.db,
          index,
          {
            filename: `${paragraph.id}.md`,
            title: paragraph.title,
            url: null,
            text: paragraph.text,
            bytes: Buffer.byteLength(paragraph.text),
            contentHash: createHash("sha256").update(paragraph.text).digest("hex"),
          },
          { embedder: context.engine.embedder, vectors: context.engine.vectors },
        );
      }
    },
  };
}
