import { readSettings } from "../../src/settings/settings-store";
import {
  ensureVectorIndex,
  expandQuestion,
  extractiveAnswer,
  type Passage,
  productRoad,
  type ProductRoad,
  type RagIndex,
  type RetrievalOptions,
  retrieve,
  roadPassages,
  searchPlanOf,
  stagesToRun,
  stemsOf,
  type Understanding,
  understandQuestion,
  vectorStoreAvailable,
} from "../../src/rag";
import type { CliContext } from "./cli-context";
import { corpusIndex, type EvalQuestion, type EvalSet } from "./eval-sets";
import { referenceBm25 } from "./reference-bm25";
import { required } from "../../src/required";

// `pnpm rag eval`: every question set (eval-sets.ts) in a fresh in-memory database, an index per
// corpus, and an ablation table per set: the in-memory baseline, BM25 alone, the vector leg, their
// fusion, + reranker, + deduplication — each run as asked, whatever the defaults — then the
// default: the road /api/ask-stream takes (rag/answer/ask-road.ts), only deeper (PASSAGES), and
// multi-query and HyDE where a model is configured.
// recall@1/5/10 and MRR@10 by distinct document, and milliseconds per question.

const KS = [1, 5, 10] as const;
/** Passages asked of retrieval, so that ten distinct documents are there to count. */
const PASSAGES = 30;

/** The distinct documents of a ranking, in order of first appearance. */
export const documentsOf = (filenames: readonly string[]) => [...new Set(filenames)];

/** Whether an offline answer holds the expected answer: at least half of its topic words the question does not already have. */
export function containsAnswer(question: string, expected: string, answer: string): boolean {
  const asked = new Set(stemsOf(question));
  const wanted = [...new Set(stemsOf(expected))].filter((stem) => !asked.has(stem));
  if (wanted.length === 0) return true;
  const present = new Set(stemsOf(answer));
  return wanted.filter((stem) => present.has(stem)).length * 2 >= wanted.length;
}

export type StageFigures = { stage: string; "r@1": number; "r@5": number; "r@10": number; "mrr@10": number; ms: number };

/** One row of the ablation: the distinct documents it ranks for a question (and its passages, when it has them). */
type Stage = {
  stage: string;
  rank(question: EvalQuestion): Promise<{ files: string[]; passages?: Passage[]; searched?: string }>;
  /** The default pipeline: its passages also feed the offline model's answer check. */
  isDefault?: boolean;
};

type Tally = { count: number; found: Record<(typeof KS)[number], number>; reciprocal: number; ms: number };

function figuresOf(stage: string, tally: Tally): StageFigures {
  const share = (value: number) => (tally.count ? Math.round((value / tally.count) * 1000) / 1000 : 0);
  return {
    stage,
    "r@1": share(tally.found[1]),
    "r@5": share(tally.found[5]),
    "r@10": share(tally.found[10]),
    "mrr@10": share(tally.reciprocal),
    ms: tally.count ? Math.round((tally.ms / tally.count) * 10) / 10 : 0,
  };
}

/** What a ranking is counted by: the passage's file, or (issue 49 §6, `byArticle`) its file and article. */
const keyOf = (byArticle: boolean) => (passage: Passage) =>
  byArticle ? `${passage.filename}#${passage.reference?.article ?? ""}` : passage.filename;

/** The stages of the ablation for this engine: those that need pgvector or a model only where they can run. */
async function stagesOf(
  context: CliContext,
  road: ProductRoad,
  index: RagIndex,
  understanding: Understanding,
  byArticle = false,
  references = false,
): Promise<Stage[]> {
  const key = keyOf(byArticle);
  const plan = searchPlanOf((await readSettings(context.db)).data);
  const base = { ...plan.retrieval, topKReranker: PASSAGES, hypothetical: null };
  const understand = (question: string) => understandQuestion(context.db, [index], question, { ...plan.understanding, ...understanding });
  const search =
    (options: Omit<RetrievalOptions, "queries" | "hypothetical" | "fields"> & Partial<RetrievalOptions>) =>
    async (question: EvalQuestion) => {
      const understood = await understand(question.question);
      const passages = await retrieve(context.engine, [index], {
        hypothetical: null,
        queries: [understood.question],
        fields: understood.fields,
        ...options,
      });
      return { files: documentsOf(passages.map(key)), passages, searched: understood.question };
    };
  // The default is not rebuilt from its parts: it is the road /api/ask-stream takes (rag/answer/ask-road.ts).
  const served = async (question: EvalQuestion) => {
    const found = await roadPassages(road, [index], question.question, PASSAGES);
    return { files: documentsOf(found.passages.map(key)), passages: found.passages, searched: found.question };
  };
  const reference = await referenceBm25(context.db, index, byArticle);
  const asAsked = (fused: boolean, rerank: boolean, deduplicate: boolean, primary: "full-text" | "vector" = "full-text") =>
    search({ ...base, useFusedRetrieval: fused, useReranker: rerank, useDeduplication: deduplicate, asAsked: { primary } });
  const stages: Stage[] = [
    {
      stage: "riferimento: BM25 in memoria, prefissi di 6 lettere",
      rank: async (question) => ({ files: reference.rank(question.question, 10) }),
    },
    { stage: "BM25 (full-text)", rank: asAsked(false, false, false) },
    ...(references
      ? [
          {
            stage: "BM25 senza riferimenti (prima dell'issue 49)",
            rank: search({
              ...base,
              useFusedRetrieval: false,
              useReranker: false,
              useDeduplication: false,
              asAsked: { withoutReferences: true },
            }),
          },
        ]
      : []),
    ...(context.engine.vectors
      ? [
          { stage: `vettori da soli (${context.engine.embedder.name})`, rank: asAsked(false, false, false, "vector") },
          { stage: "BM25 + vettori (fusione RRF)", rank: asAsked(true, false, false) },
        ]
      : []),
    { stage: `+ reranker (${context.engine.reranker.name})`, rank: asAsked(context.engine.vectors, true, false) },
    { stage: "+ deduplicazione", rank: asAsked(context.engine.vectors, true, true) },
    { stage: "BM25 + deduplicazione", rank: asAsked(false, false, true) },
    { stage: "predefinita (come risponde il server)", rank: served, isDefault: true },
  ];
  if (road.context.model) {
    // A model is configured: its question variations and hypothetical passage, on top of the default.
    const expanded = (multiQuery: boolean, hyde: boolean) => async (question: EvalQuestion) => {
      const understood = await understand(question.question);
      const signal = new AbortController().signal;
      const expansion = await expandQuestion(
        road.context,
        { multiQuery: multiQuery ? { variations: 3 } : null, hyde, llmModel: (await readSettings(context.db)).data.rag_llm_model },
        understood.question,
        signal,
      );
      const passages = await retrieve(context.engine, [index], { ...base, ...expansion, fields: understood.fields }, signal);
      return { files: documentsOf(passages.map(key)) };
    };
    stages.push(
      { stage: "+ multi-query (modello)", rank: expanded(true, false) },
      { stage: "+ HyDE (modello)", rank: expanded(false, true) },
    );
  }
  return stages;
}

export type SetFigures = { set: string; documents: number; questions: number; stages: StageFigures[]; offline_answer?: number };

/** Runs every stage on the set's questions over its corpus' index. */
async function evaluateSet(
  context: CliContext,
  road: ProductRoad,
  set: EvalSet,
  index: RagIndex,
  understanding: Understanding,
): Promise<SetFigures> {
  const stages = await stagesOf(context, road, index, understanding, set.byArticle, set.references);
  const tallies = stages.map((): Tally => ({ count: 0, found: { 1: 0, 5: 0, 10: 0 }, reciprocal: 0, ms: 0 }));
  const answers = { count: 0, found: 0 };
  const answerReads = road.answerReads;
  for (const question of set.questions) {
    for (const [position, stage] of stages.entries()) {
      const started = performance.now();
      const ranked = await stage.rank(question);
      const tally = required(tallies[position], "a stage's tally");
      tally.ms += performance.now() - started;
      tally.count += 1;
      const rank = ranked.files.slice(0, 10).indexOf(question.answerFile);
      for (const k of KS) if (rank >= 0 && rank < k) tally.found[k] += 1;
      if (rank >= 0) tally.reciprocal += 1 / (rank + 1);
      // The offline model's extractive answer from the default pipeline's passages.
      if (stage.isDefault && question.answer && ranked.passages) {
        answers.count += 1;
        if (
          containsAnswer(
            question.question,
            question.answer,
            extractiveAnswer(ranked.searched ?? question.question, ranked.passages.slice(0, answerReads)),
          )
        )
          answers.found += 1;
      }
    }
  }
  return {
    set: set.name,
    documents: set.corpus.documents,
    questions: set.questions.length,
    stages: stages.map((stage, position) => figuresOf(stage.stage, required(tallies[position], "a stage's tally"))),
    ...(answers.count > 0 ? { offline_answer: Math.round((answers.found / answers.count) * 1000) / 1000 } : {}),
  };
}

const cell = (value: number) => value.toFixed(3).padStart(6);

function printSet(figures: SetFigures) {
  console.info(`\n${figures.set}: ${figures.documents} documenti, ${figures.questions} domande`);
  console.info(`${"fase".padEnd(58)}    r@1    r@5   r@10 MRR@10  ms/domanda`);
  for (const row of figures.stages) {
    console.info(
      `${row.stage.padEnd(58)} ${cell(row["r@1"])} ${cell(row["r@5"])} ${cell(row["r@10"])} ${cell(row["mrr@10"])} ${row.ms.toFixed(1).padStart(11)}`,
    );
  }
  if (figures.offline_answer !== undefined)
    console.info(`risposta offline (estrattiva, predefinita) che contiene la risposta attesa: ${figures.offline_answer.toFixed(3)}`);
}

/** `understanding`: turn on the settings' spell check or field extraction (both off by default). */
export async function evalCommand(given: CliContext, sets: readonly EvalSet[], understanding: Partial<Understanding> = {}): Promise<void> {
  // The ablation measures the vector leg wherever pgvector is, whatever the defaults: the
  // documents' vectors are stored for it (the server stores none for an embedder that has not earned the leg).
  const pgvector = await vectorStoreAvailable(given.db);
  if (pgvector) await ensureVectorIndex(given.db, given.engine.embedder);
  const context: CliContext = { ...given, engine: { ...given.engine, vectors: pgvector } };
  const settings = (await readSettings(context.db)).data;
  const plan = searchPlanOf(settings);
  const runs = stagesToRun(context.engine, plan.retrieval);
  const full = { ...plan.understanding, ...understanding };
  console.info(
    `Pipeline predefinita: ${runs.fused ? "BM25 + vettori (RRF)" : context.engine.vectors && context.engine.embedder.semantic ? "vettori" : "BM25"}` +
      `${runs.rerank ? ` + rerank (${context.engine.reranker.name})` : ""}${runs.deduplicate ? " + deduplicazione" : ""} + documenti distinti` +
      `${full.enableSpellCheck ? " + correzione ortografica" : ""}${full.useFieldExtraction ? " + estrazione dei campi" : ""}; embedder ${context.engine.embedder.name}${context.engine.vectors ? "" : " (pgvector assente)"}` +
      `; richiesti dalle impostazioni: fusione ${plan.retrieval.useFusedRetrieval ? "sì" : "no"}, reranker ${plan.retrieval.useReranker ? "sì" : "no"}, deduplicazione ${plan.retrieval.useDeduplication ? "sì" : "no"}`,
  );
  const road = await productRoad(context.engine, context.env, full);
  const loaded = new Map<string, RagIndex>();
  const results: SetFigures[] = [];
  for (const set of sets) {
    const figures = await evaluateSet(context, road, set, await corpusIndex(context, set.corpus, loaded), full);
    printSet(figures);
    results.push(figures);
  }
  console.info(
    JSON.stringify({
      eval: "rag-retrieval",
      embedder: context.engine.embedder.name,
      reranker: context.engine.reranker.name,
      model: road.context.model ? "configured" : "offline",
      default: runs,
      understanding: full,
      sets: results,
    }),
  );
}
