import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  ensureSharedIndex,
  findIndex,
  finishIngestion,
  ingestFile,
  ingestibleFiles,
  type RagIndex,
  storeDocuments,
  withoutVectorIndexDuring,
} from "../../src/rag";
import { callerPath, type CliContext } from "./cli-context";
import { required } from "../../src/required";

// The question sets of `pnpm rag eval` (apps/api/rag-eval), each searched in the index of its
// corpus; a question counts as found at k when its `answerFile` is among the first k distinct
// documents.
//  - demo: the 299 questions written with the demo documents (qa.jsonl), in an index of the
//    demo documents. The local reranker was tuned on it: it is far too easy, and kept as a
//    regression check.
//  - debian-dev, debian-test: 454 paraphrased questions over 1,863 paragraphs of Italian Debian
//    documentation, each its own document (debian-it/README.md). Both halves are searched in ONE
//    index of all the paragraphs, as a customer holding that documentation would index it (issue
//    32: large enough that the copy in memory pages). Retrieval is tuned on the dev half's
//    questions only; the test half's say whether a stage earns its default.

export type EvalQuestion = { id: string; question: string; answerFile: string; answer?: string };
/** The documents of one index: sets over the same corpus share its index, loaded once. */
export type EvalCorpus = { name: string; documents: number; load(context: CliContext, index: RagIndex): Promise<void> };
/** `references`: a set of questions by reference (issue 49 §6), shown beside the road without them. `byArticle` (issue 49 §6): a question's answer is an article of a file, `file.txt#21`, found by the passages' article. */
export type EvalSet = { name: string; questions: EvalQuestion[]; corpus: EvalCorpus; byArticle?: boolean; references?: boolean };

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
  const questions = (await jsonLines<QaLine>(callerPath(qaPath))).map((line) => ({
    id: line.id,
    question: line.question,
    answerFile: line.answer_file,
    ...(line.answer ? { answer: line.answer } : {}),
  }));
  const { files } = await ingestibleFiles([callerPath(docsPath)]);
  return {
    name,
    questions,
    corpus: {
      name,
      documents: files.length,
      async load(context, index) {
        for (const file of files) {
          await ingestFile(
            context.db,
            index,
            { filename: file.filename, bytes: await readFile(file.path) },
            { embedder: context.engine.embedder, vectors: context.engine.vectors },
          );
        }
      },
    },
  };
}

type Paragraph = { id: string; half: "dev" | "test"; title: string; text: string };
type ParagraphQuestion = { id: string; half: "dev" | "test"; paragraph: string; question: string };

/** The index of a corpus, loaded the first time a set asks for it (sets over one corpus share it). */
export async function corpusIndex(context: CliContext, corpus: EvalCorpus, loaded: Map<string, RagIndex>): Promise<RagIndex> {
  const known = loaded.get(corpus.name);
  if (known) return known;
  const index = await ensureSharedIndex(context.db, `eval-${corpus.name}`);
  const load = () => corpus.load(context, index);
  // In-memory PGlite, held by this process alone: the vector index is built once at the end.
  if (context.engine.vectors) await withoutVectorIndexDuring(context.db, context.engine.embedder, load);
  else await load();
  await finishIngestion(context.db);
  const stored = required(await findIndex(context.db, index.name), `the index ${index.name}`);
  loaded.set(corpus.name, stored);
  return stored;
}

/** Documents stored per transaction while loading a corpus. */
const STORE_BATCH = 200;

/** Every paragraph of the Debian set (both halves), each a document `p0001.md` titled by its section. */
async function debianCorpus(directory: string): Promise<EvalCorpus> {
  const paragraphs = await jsonLines<Paragraph>(join(directory, "paragraphs.jsonl"));
  return {
    name: "debian",
    documents: paragraphs.length,
    async load(context, index) {
      const documents = paragraphs.map((paragraph) => ({
        filename: `${paragraph.id}.md`,
        title: paragraph.title,
        url: null,
        text: paragraph.text,
        bytes: Buffer.byteLength(paragraph.text),
        contentHash: createHash("sha256").update(paragraph.text).digest("hex"),
      }));
      for (let start = 0; start < documents.length; start += STORE_BATCH) {
        await storeDocuments(context.db, index, documents.slice(start, start + STORE_BATCH), {
          embedder: context.engine.embedder,
          vectors: context.engine.vectors,
        });
      }
    },
  };
}

/** Both halves of the Debian set's questions, over one corpus of all its paragraphs. */
export async function debianSets(directory: string): Promise<Record<"dev" | "test", EvalSet>> {
  const corpus = await debianCorpus(directory);
  const questions = await jsonLines<ParagraphQuestion>(join(directory, "questions.jsonl"));
  const half = (which: "dev" | "test"): EvalSet => ({
    name: `debian-${which}`,
    questions: questions
      .filter((question) => question.half === which)
      .map((question) => ({ id: question.id, question: question.question, answerFile: `${question.paragraph}.md` })),
    corpus,
  });
  return { dev: half("dev"), test: half("test") };
}
