import { readFile } from "node:fs/promises";
import { readSettings } from "../../settings/settings-store";
import { searchPlanOf } from "../ask-request";
import { finishIngestion } from "../ingestion";
import { stemsOf } from "../italian-text";
import { extractiveAnswer } from "../offline-answer";
import { findIndex } from "../rag-store";
import type { Understanding } from "../understand-question";
import { callerPath, type CliContext } from "./cli-context";
import { ingestCommand } from "./ingest-command";
import { bm25Ranking, pipelinePassages, rankingOf, type RankedFile } from "./search-command";

// `pnpm rag eval`: the QA set (apps/api/rag-eval/qa.jsonl) against the demo documents, in a fresh
// in-memory database: recall@1/5/10 of plain BM25 and of the default pipeline (the admin's
// default settings: BM25 + vectors fused by RRF, reranked, deduplicated), side by side. A
// question counts as found at k when its `answer_file` is among the first k distinct documents.
// The local reranker's weights were tuned on the odd-numbered questions only; the even-numbered
// half is held out and reported on its own. Where the QA set gives the expected answer, the
// offline model's extractive answer from the default pipeline's passages is checked too: it
// "contains the answer" when it has at least half of the expected answer's topic words that the
// question does not already have.

export type QaItem = { id: string; question: string; answer_file: string; answer?: string };

const EVAL_INDEX = "eval-gardenroute";
const KS = [1, 5, 10] as const;

export async function readQa(path: string): Promise<QaItem[]> {
  return (await readFile(path, "utf8"))
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as QaItem);
}

/** The distinct documents of a ranking, in order of first appearance. */
export const documentsOf = (ranking: readonly RankedFile[]) => [...new Set(ranking.map((hit) => hit.filename))];

/** Odd-numbered questions tuned the local scorer; even-numbered ones are held out. */
export const halfOf = (id: string) => (Number(id.replace(/\D/g, "")) % 2 === 1 ? "tuning" : "held-out");

type Tally = { count: number; found: Record<number, number> };
const emptyTally = (): Tally => ({ count: 0, found: { 1: 0, 5: 0, 10: 0 } });

function record(tally: Tally, documents: readonly string[], answer: string) {
  tally.count += 1;
  for (const k of KS) if (documents.slice(0, k).includes(answer)) tally.found[k]! += 1;
}

/** Whether an offline answer holds the expected answer (see above). */
export function containsAnswer(question: string, expected: string, answer: string): boolean {
  const asked = new Set(stemsOf(question));
  const wanted = [...new Set(stemsOf(expected))].filter((stem) => !asked.has(stem));
  if (wanted.length === 0) return true;
  const present = new Set(stemsOf(answer));
  return wanted.filter((stem) => present.has(stem)).length * 2 >= wanted.length;
}

const recall = (tally: Tally) => Object.fromEntries(KS.map((k) => [`r@${k}`, tally.count ? Math.round((tally.found[k]! / tally.count) * 1000) / 1000 : 0]));

/** `understanding`: turn on the settings' spell check or field extraction for the pipeline column (both off by default). */
export async function evalCommand(context: CliContext, qaPath: string, docsPath: string, understanding: Partial<Understanding> = {}): Promise<void> {
  const qa = await readQa(callerPath(qaPath));
  await ingestCommand(context, EVAL_INDEX, [docsPath]);
  await finishIngestion(context.db);
  const index = await findIndex(context.db, EVAL_INDEX);
  if (!index) throw new Error("eval index missing");
  const searchPlan = searchPlanOf((await readSettings(context.db)).data);
  const plan = { ...searchPlan, understanding: { ...searchPlan.understanding, ...understanding } };
  const options = plan.retrieval;
  const answers = { tuning: { count: 0, found: 0 }, "held-out": { count: 0, found: 0 } };
  const tallies = { bm25: { all: emptyTally(), tuning: emptyTally(), "held-out": emptyTally() }, default: { all: emptyTally(), tuning: emptyTally(), "held-out": emptyTally() } };
  const timings = { bm25: 0, default: 0 };
  for (const item of qa) {
    let started = performance.now();
    // The baseline at its best: exact BM25, every matching chunk ranked.
    const plain = documentsOf(await bm25Ranking(context.engine, index, item.question, 60, true));
    timings.bm25 += performance.now() - started;
    started = performance.now();
    const searched = await pipelinePassages(context.engine, index, item.question, 30, plan);
    const pipeline = documentsOf(rankingOf(searched.passages));
    timings.default += performance.now() - started;
    if (item.answer) {
      const answer = extractiveAnswer(searched.question, searched.passages.slice(0, options.topKFinal));
      const half = answers[halfOf(item.id)];
      half.count += 1;
      if (containsAnswer(item.question, item.answer, answer)) half.found += 1;
    }
    for (const set of ["all", halfOf(item.id)] as const) {
      record(tallies.bm25[set], plain, item.answer_file);
      record(tallies.default[set], pipeline, item.answer_file);
    }
  }
  const rows = (["all", "tuning", "held-out"] as const).map((set) => ({ set, questions: tallies.bm25[set].count, bm25: recall(tallies.bm25[set]), default: recall(tallies.default[set]) }));
  const cell = (value: number | undefined) => (value ?? 0).toFixed(3).padStart(6);
  console.info("");
  console.info(
    `Pipeline predefinita: ${options.fused ? "BM25 + vettori (RRF)" : "una sola via"}${options.rerank ? ` + rerank (${context.engine.reranker.name})` : ""}${options.deduplicate ? " + deduplicazione" : ""}` +
      `${plan.understanding.spellCheck ? " + correzione ortografica" : ""}${plan.understanding.fieldExtraction ? " + estrazione dei campi" : ""}; embedder ${context.engine.embedder.name}${context.engine.vectors ? "" : " (via vettoriale spenta)"}`,
  );
  console.info("insieme      domande |  BM25 r@1    r@5   r@10 | predefinita r@1    r@5   r@10");
  for (const row of rows) {
    console.info(
      `${row.set.padEnd(12)} ${String(row.questions).padStart(7)} | ${cell(row.bm25["r@1"])} ${cell(row.bm25["r@5"])} ${cell(row.bm25["r@10"])} |      ${cell(row.default["r@1"])} ${cell(row.default["r@5"])} ${cell(row.default["r@10"])}`,
    );
  }
  console.info(`tempo medio per domanda: BM25 ${(timings.bm25 / qa.length).toFixed(1)} ms, predefinita ${(timings.default / qa.length).toFixed(1)} ms`);
  const share = (half: { count: number; found: number }) => (half.count ? Math.round((half.found / half.count) * 1000) / 1000 : 0);
  const offline = { tuning: share(answers.tuning), "held-out": share(answers["held-out"]) };
  if (answers.tuning.count + answers["held-out"].count > 0) {
    console.info(`risposta offline (estrattiva) che contiene la risposta attesa: tuning ${offline.tuning.toFixed(3)}, held-out ${offline["held-out"].toFixed(3)}`);
  }
  console.info(JSON.stringify({ eval: "rag-recall", embedder: context.engine.embedder.name, reranker: context.engine.reranker.name, understanding: plan.understanding, rows, offline_answer: offline }));
}
