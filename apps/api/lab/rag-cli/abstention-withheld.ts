import { answerEvidence, EVIDENCE, type ProductRoad, type RagIndex, roadPassages } from "../../src/rag";
import type { EvalSet } from "./eval-sets";

// The second measure of `pnpm rag abstention`: questions an index cannot answer because their
// answer was taken out of it. Each question of a Debian half (eval-sets.ts: 1,863 paragraphs,
// questions written for one paragraph each and paraphrased on purpose; never used to set the
// evidence score) is searched as /api/ask-stream searches, and the evidence score is read twice:
//   answered    — on the passages found, when its paragraph is among the passages the score reads:
//                 the documents answer, the engine should too;
//   abstention  — on the passages found without its paragraph, as if the index never held it: the
//                 question is on the documents' subject, its answer is not there (the hard case:
//                 neighbouring paragraphs share most of its words).
// The paragraph is taken out of the results, not out of the index: every other passage keeps its
// rank, only the idf of the question's words counts one document more (of 1,863: the index holds both halves). An answer also
// given by another paragraph (a manual page and the reference both explain chmod) counts as a
// wrong answer, so this abstention is somewhat understated.

export type WithheldFigures = {
  set: string;
  questions: number;
  paragraph_read: number;
  answered: number;
  abstention: number;
  separation: number;
};

/** ROC AUC: the chance that an answerable question scores above an unanswerable one (ties ½). */
export function separation(answerable: readonly number[], unanswerable: readonly number[]): number {
  if (answerable.length === 0 || unanswerable.length === 0) return 0;
  let wins = 0;
  for (const high of answerable) for (const low of unanswerable) wins += high > low ? 1 : high === low ? 0.5 : 0;
  return Math.round((wins / (answerable.length * unanswerable.length)) * 1000) / 1000;
}

/** part / whole to three decimals (0 of nothing). */
export const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 1000 : 0);

/** `index`: the set's corpus, loaded (both Debian halves share one index of all the paragraphs). */
export async function withheldAnswerFigures(road: ProductRoad, set: EvalSet, index: RagIndex): Promise<WithheldFigures> {
  const read = road.answerReads;

  const answerable: number[] = [];
  const withheld: number[] = [];
  for (const item of set.questions) {
    // Two more than read: what comes up when the paragraph's passages (at most two) are taken out.
    const searched = await roadPassages(road, [index], item.question, read + 2);
    const found = searched.passages.slice(0, read);
    const without = searched.passages.filter((passage) => passage.filename !== item.answerFile).slice(0, read);
    if (found.slice(0, EVIDENCE.passagesRead).some((passage) => passage.filename === item.answerFile)) {
      answerable.push((await answerEvidence(road.context.engine.db, [index], searched.question, found)).score);
    }
    withheld.push((await answerEvidence(road.context.engine.db, [index], searched.question, without)).score);
  }
  return {
    set: set.name,
    questions: set.questions.length,
    paragraph_read: answerable.length,
    answered: share(answerable.filter((score) => score >= EVIDENCE.answerable).length, answerable.length),
    abstention: share(withheld.filter((score) => score < EVIDENCE.answerable).length, withheld.length),
    separation: separation(answerable, withheld),
  };
}
