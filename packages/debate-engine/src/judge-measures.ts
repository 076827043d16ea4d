import type { DebateJudgeCall, Intervention } from "@oystar/api-client";
import type { Speaker } from "./rules";

// issue 26 §1: what can be measured in a debate's text without a language model — the judge
// without a model (the offline judge) scores only these, and says so.

/** Of the turns that followed a question of the other side, how many took it up. */
export type ReplyMeasure = { asked: number; answered: number };

/** A side's quotes in a debate argued from documents: those verified, all it brought, in how many turns. */
export type QuoteTally = { verified: number; quoted: number; turns: number };

/**
 * The quotes each side brought (issue 26 §2), as the server verified them against their passages
 * — the judge's call carries the verdicts under the server's seal, checked before the judge reads
 * them. A debate not argued from documents has none.
 */
export function quoteTally(history: DebateJudgeCall["history"]): Record<Speaker, QuoteTally> {
  const tally: Record<Speaker, QuoteTally> = { A: { verified: 0, quoted: 0, turns: 0 }, B: { verified: 0, quoted: 0, turns: 0 } };
  for (const item of history) {
    const side = tally[item.speaker];
    side.turns += 1;
    const statuses = item.quotes?.statuses ?? [];
    side.quoted += statuses.length;
    side.verified += statuses.filter((status) => status === "verified").length;
  }
  return tally;
}

/** The verified quotes each side brought: what 'Prove' counts, and nothing else (issue 26 §2). */
export function verifiedQuotes(history: DebateJudgeCall["history"]): Record<Speaker, number> {
  const tally = quoteTally(history);
  return { A: tally.A.verified, B: tally.B.verified };
}

/** Words that carry no subject: a question and its answer sharing them share nothing. */
const FUNCTION_WORDS = new Set(
  (
    "quale quali quando quanto quanta quanti quante perché perche come dove cosa questo questa questi queste quello quella quelli quelle " +
    "della delle degli dello dalla dalle dagli nella nelle negli sulla sulle sugli alla alle agli anche ancora allora quindi però pero " +
    "mentre sempre molto molti molte poco tutto tutti tutte tuoi tue tuo mio mia miei nostra nostro vostra vostro essere sono siamo " +
    "sarebbe sarebbero stato stata hanno avere abbiamo fare fatto puoi possiamo posso dovrebbe devono senza sopra sotto ogni altro altra " +
    "altri altre turno turni fase modello posizione opposizione riflessione sintesi"
  ).split(" "),
);

/** A word's first five letters: a crude Italian stem, so 'concreti' meets 'concrete'. */
const STEM = 5;

function stems(text: string, ignored: ReadonlySet<string> = new Set()): Set<string> {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return new Set(
    words
      .filter((word) => word.length >= STEM && !FUNCTION_WORDS.has(word))
      .map((word) => word.slice(0, STEM))
      .filter((stem) => !ignored.has(stem)),
  );
}

/** The question a reply closes with: its last sentence that ends in '?'. */
export function closingQuestion(text: string): string | null {
  const questions = text.match(/[^.!?\n]*\?/g);
  const last = questions?.at(-1)?.trim();
  return last ? last : null;
}

/**
 * 'Replica', as far as it can be measured: a turn takes up the question the previous turn asked
 * when it uses at least one of the question's own words (stemmed) — words of the two options do
 * not count, every turn repeats them. A lexical measure, and labelled as one where it is shown.
 */
export function replyMeasure(history: readonly Intervention[], options: Record<Speaker, string>): Record<Speaker, ReplyMeasure> {
  const ignored = stems(`${options.A} ${options.B}`);
  const measure: Record<Speaker, ReplyMeasure> = { A: { asked: 0, answered: 0 }, B: { asked: 0, answered: 0 } };
  history.forEach((item, index) => {
    const previous = history[index - 1];
    // Only a question of the other side, in the turn just before, is one to answer.
    if (!previous || previous.speaker === item.speaker || previous.turn !== item.turn - 1) return;
    const question = closingQuestion(previous.content);
    if (!question) return;
    const asked = stems(question, ignored);
    if (asked.size === 0) return;
    measure[item.speaker].asked += 1;
    const reply = stems(item.content, ignored);
    if ([...asked].some((stem) => reply.has(stem))) measure[item.speaker].answered += 1;
  });
  return measure;
}

/** A share of 0–1 as a score of 1–10 (0 → 1, 1 → 10). */
export const shareScore = (part: number, whole: number) => Math.round(1 + (9 * part) / whole);
