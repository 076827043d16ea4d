import type { TurnQuote } from "@oystar/debate-engine/protocol";
import { stemsOf } from "../rag";

// Issue 52 §2: a quote is evidence only when the passage it comes from is about what the claim
// says. A quote found word for word in its passage proves the words are there, not that they
// support the claim: the Padova side quoting Villa d'Este's ticketing had 'Citazioni verificate:
// 6 su 6'. Without a model the check is lexical: the share of the claim's content words (stems)
// that the passage holds. The threshold was chosen on the development half of a labelled set we
// wrote (debate-eval/claim-subject.json) and measured on its test half (claim-subject.eval.test.ts).

/**
 * The share of the claim's words a passage must hold to be about the claim's subject. Chosen on
 * the set's development half (the best F1 there, the lowest threshold among equals); its
 * precision and recall on the test half are in claim-subject.eval.test.ts and apps/api/README.md.
 */
export const CLAIM_SUBJECT_THRESHOLD = 0.2;

/** A claim needs this many words of its own (beyond a debate's rhetoric) to be judged on them. */
const ENOUGH_CLAIM_WORDS = 2;

/**
 * The words of a turn's rhetoric, not of its subject: how a debater (and the offline model)
 * introduces a point, a phase or a side. Stemmed, as a claim's words are.
 */
const DEBATE_WORDS = new Set(
  stemsOf(
    [
      "turno",
      "turni",
      "fase",
      "opposizione",
      "riflessione",
      "sintesi",
      "lato",
      "sostengo",
      "sostiene",
      "sostenere",
      "conferma",
      "confermano",
      "ancora",
      "dice",
      "dicono",
      "scrive",
      "documento",
      "documenti",
      "passaggio",
      "passaggi",
      "testo",
      "fonte",
      "citazione",
      "prova",
      "prove",
      "infatti",
      "inoltre",
      "quindi",
      "modello",
      "dimostrativo",
      "offline",
      "argomento",
      "tesi",
      "va",
      "vanno",
      "deve",
      "devono",
      "fare",
      "fanno",
    ].join(" "),
  ),
);

/** A text's subject words, stemmed: content words less a debate's rhetoric. */
export function subjectStems(text: string): Set<string> {
  return new Set(stemsOf(text).filter((stem) => !DEBATE_WORDS.has(stem) && !/^\d+$/.test(stem)));
}

/** 0–1: the share of the claim's subject words that the passage holds. */
export function subjectShare(claim: string, passage: string): number {
  const claimed = subjectStems(claim);
  if (claimed.size === 0) return 0;
  const held = new Set(stemsOf(passage));
  let shared = 0;
  for (const stem of claimed) if (held.has(stem)) shared += 1;
  return shared / claimed.size;
}

/** Whether the passage is about the claim's subject (the offline check). */
export const sharesSubject = (claim: string, passage: string, threshold = CLAIM_SUBJECT_THRESHOLD) =>
  subjectShare(claim, passage) >= threshold;

/** A reply's sentences, each with its place: what a quote's claim is looked for in. */
const SENTENCE = /[^.!?\n]+(?:[.!?]+|\n|$)/g;

/** Document quotes («…» [n]) and citations: the evidence, not the claim. */
const EVIDENCE = /(?:«[^«»]*»|“[^“”]*”|"[^"\n]*")\s?[,.;:]?\s?\[\d{1,3}(?:\s*[,;]\s*\d{1,3})*\]|\[\d{1,3}(?:\s*[,;]\s*\d{1,3})*\]/gu;

/** A source named where a quote comes from ('Lo conferma Villa d'Este: …'): no part of the claim. */
const withoutNames = (text: string, names: readonly string[]) =>
  names.reduce((left, name) => (name.trim() ? left.split(name).join(" ") : left), text);

/**
 * The claim a quote is attached to: the sentence quoting it, less the quotes and the names of the
 * turn's sources where they are named; when that leaves too few words of its own ('Lo conferma
 * …: «…» [1].'), the sentences before it, back to the point the side made.
 */
export function claimOf(reply: string, quote: Pick<TurnQuote, "text" | "sentence">, sourceNames: readonly string[]): string {
  // The quote's sentence as quotesIn gave it (on one line), found in the reply on one line too;
  // failing that, the quote's own opening (a long quote is cut with '…' in `text`).
  const flat = reply.replace(/\s+/g, " ").trim();
  const sentences = [...flat.matchAll(SENTENCE)].map((match) => ({ text: match[0], at: match.index }));
  const bySentence = quote.sentence ? flat.indexOf(quote.sentence) : -1;
  const quoteAt = bySentence >= 0 ? bySentence + quote.sentence.length - 1 : flat.indexOf(quote.text.replace(/…$/, "").slice(0, 40));
  const upTo = sentences.findIndex((sentence) => quoteAt >= 0 && sentence.at + sentence.text.length > quoteAt);
  const last = upTo < 0 ? sentences.length - 1 : upTo;
  const claim: string[] = [];
  for (const sentence of sentences.slice(0, last + 1).reverse()) {
    claim.unshift(withoutNames(sentence.text.replace(EVIDENCE, " "), sourceNames));
    if (subjectStems(claim.join(" ")).size >= ENOUGH_CLAIM_WORDS) break;
  }
  return claim.join(" ").replace(/\s+/g, " ").trim();
}
