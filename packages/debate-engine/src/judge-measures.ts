import type { Intervention } from "@oystar/api-client";
import type { Speaker } from "./rules";

// issue 26 §1: what can be measured in a debate's text without a language model — the judge
// without a model (the offline judge) scores only these, and says so.

/** Of the turns that followed a question of the other side, how many took it up. */
export type ReplyMeasure = { asked: number; answered: number };

/**
 * The verified quotes each side brought. Interventions carry no quotes yet: a debate argued from
 * documents (issue 26 §2) will bring them, verified against their passages, and 'Prove' will
 * count only those. Until then every side has 0, and the offline judge says why.
 */
export function verifiedQuotes(_history: readonly Intervention[]): Record<Speaker, number> {
  return { A: 0, B: 0 };
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
  return new Set(words.filter((word) => word.length >= STEM && !FUNCTION_WORDS.has(word)).map((word) => word.slice(0, STEM)).filter((stem) => !ignored.has(stem)));
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
