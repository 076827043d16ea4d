import {
  answerEvidence,
  EVIDENCE,
  extractiveAnswer,
  findIndex,
  finishIngestion,
  productRoad,
  type RagIndex,
  roadPassages,
} from "../../src/rag";
import { callerPath, type CliContext } from "./cli-context";
import { containsAnswer } from "./eval-command";
import { corpusIndex, readQa, type EvalSet } from "./eval-sets";
import { separation, share, withheldAnswerFigures } from "./abstention-withheld";
import { ingestCommand } from "./ingest-command";

// `pnpm rag abstention` (issue 23 §3): does the engine say "not in the documents" when it should?
// The QA set (answerable) and rag-eval/unanswerable.jsonl (questions the demo documents cannot
// answer) on a fresh in-memory index of the demo documents, searched as /api/ask-stream searches
// them (rag/answer/ask-road.ts). Both sets are split by id: odd ids are the development half the
// evidence score was calibrated on, even ids the test half, never tuned on. Reported per half:
//   abstention  — unanswerable questions answered 'Non ho trovato…' (target ≥ 0.90)
//   answered    — answerable questions NOT answered so (today: all of them)
//   right kept  — answerable questions whose offline answer holds the expected answer, with
//                 abstention, over the same without it (today: 1; target ≥ 0.98)
//   separation  — ROC AUC of the evidence score between the two sets, whatever the threshold
// and, from the development half only, where the threshold would go (EVIDENCE.answerable: the
// highest that keeps 98.5 % of the development half's right answers). Then the same on the
// Debian halves with each question's own paragraph withheld (abstention-withheld.ts).

const EVAL_INDEX = "eval-abstention";
type Half = "development" | "test";
export const halfOfId = (id: string): Half => (Number(id.replace(/\D/g, "")) % 2 === 1 ? "development" : "test");

type Scored = { id: string; answerable: boolean; score: number; rightToday: boolean };

function summary(scored: readonly Scored[], threshold: number) {
  const unanswerable = scored.filter((item) => !item.answerable);
  const answerable = scored.filter((item) => item.answerable);
  const right = answerable.filter((item) => item.rightToday);
  return {
    unanswerable: unanswerable.length,
    answerable: answerable.length,
    abstention: share(unanswerable.filter((item) => item.score < threshold).length, unanswerable.length),
    answered: share(answerable.filter((item) => item.score >= threshold).length, answerable.length),
    right_today: share(right.length, answerable.length),
    right_kept: share(right.filter((item) => item.score >= threshold).length, right.length),
    separation: separation(
      answerable.map((item) => item.score),
      unanswerable.map((item) => item.score),
    ),
  };
}

/** The highest threshold that keeps `keep` of the right answers (scores of the right answers, any order). */
export function thresholdKeeping(rightScores: readonly number[], keep: number): number {
  const sorted = [...rightScores].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length * (1 - keep))] ?? 0;
}

const median = (values: readonly number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? 0;

export async function abstentionCommand(
  context: CliContext,
  qaPath: string,
  unanswerablePath: string,
  docsPath: string,
  withheldSets: readonly EvalSet[],
): Promise<void> {
  const answerable = await readQa(callerPath(qaPath));
  const unanswerable = await readQa(callerPath(unanswerablePath));
  await ingestCommand(context, EVAL_INDEX, [docsPath]);
  await finishIngestion(context.db);
  const index = await findIndex(context.db, EVAL_INDEX);
  if (!index) throw new Error("eval index missing");
  const road = await productRoad(context.engine, context.env);

  const scored: Scored[] = [];
  for (const item of [
    ...answerable.map((entry) => ({ ...entry, answerable: true })),
    ...unanswerable.map((entry) => ({ ...entry, answerable: false })),
  ]) {
    const searched = await roadPassages(road, [index], item.question);
    const evidence = await answerEvidence(context.db, [index], searched.question, searched.passages);
    const rightToday =
      item.answer !== undefined && containsAnswer(item.question, item.answer, extractiveAnswer(searched.question, searched.passages));
    scored.push({ id: item.id, answerable: item.answerable, score: evidence.score, rightToday });
  }

  const halves = (["development", "test"] as const).map((half) => ({
    half,
    ...summary(
      scored.filter((item) => halfOfId(item.id) === half),
      EVIDENCE.answerable,
    ),
  }));
  const development = scored
    .filter((item) => halfOfId(item.id) === "development" && item.answerable && item.rightToday)
    .map((item) => item.score);
  const calibration = {
    threshold_keeping_98_5: Math.floor(thresholdKeeping(development, 0.985) * 1000) / 1000,
    median_right_score: Math.round(median(development) * 1000) / 1000,
  };

  console.info("");
  console.info(
    `Soglia di evidenza ${EVIDENCE.answerable} (EVIDENCE.answerable); embedder ${context.engine.embedder.name}, reranker ${context.engine.reranker.name}`,
  );
  console.info("metà           senza risposta  astensione | con risposta  risposte  giuste oggi  giuste mantenute  separazione (AUC)");
  for (const row of halves) {
    console.info(
      `${row.half.padEnd(14)} ${String(row.unanswerable).padStart(14)} ${row.abstention.toFixed(3).padStart(11)} | ${String(row.answerable).padStart(12)} ${row.answered.toFixed(3).padStart(9)} ${row.right_today.toFixed(3).padStart(12)} ${row.right_kept.toFixed(3).padStart(17)} ${row.separation.toFixed(3).padStart(18)}`,
    );
  }
  console.info(
    `taratura (solo metà di sviluppo): soglia che mantiene il 98,5 % delle risposte giuste ${calibration.threshold_keeping_98_5}, punteggio mediano di una risposta giusta ${calibration.median_right_score}`,
  );

  const withheld = [];
  const loaded = new Map<string, RagIndex>();
  for (const set of withheldSets) withheld.push(await withheldAnswerFigures(road, set, await corpusIndex(context, set.corpus, loaded)));
  if (withheld.length > 0) {
    console.info("");
    console.info("Paragrafo della risposta tolto (insiemi Debian, mai usati per la taratura):");
    console.info("insieme        domande  paragrafo letto  risposte | astensione senza paragrafo  separazione (AUC)");
    for (const row of withheld) {
      console.info(
        `${row.set.padEnd(14)} ${String(row.questions).padStart(7)} ${String(row.paragraph_read).padStart(16)} ${row.answered.toFixed(3).padStart(9)} | ${row.abstention.toFixed(3).padStart(26)} ${row.separation.toFixed(3).padStart(18)}`,
      );
    }
  }
  console.info(JSON.stringify({ eval: "rag-abstention", threshold: EVIDENCE.answerable, halves, calibration, withheld }));
}
