import type { PromptPassage } from "@oystar/debate-engine/protocol";
import { sentencesOf } from "../rag";

// issue 26 §2: the offline model argues from the passages it was given, as a debater must: it
// quotes them word for word, between «» and with their number [n]. It picks whole sentences (a
// turn's n-th sentence of its passage, so a side's turns quote different ones) and says plainly
// when the documents gave it nothing to quote.

/** Sentences worth quoting: a claim (six words or more), short enough for a reply of 800 characters. */
const QUOTABLE = { minWords: 6, maxChars: 220 } as const;

/** Quotation marks, brackets and Markdown inside a quote would break the quote that holds it. */
const UNQUOTABLE = /[«»"“”[\]#|*_`]/;

export function quotableSentences(text: string): string[] {
  return sentencesOf(text)
    .map((sentence) => sentence.trim())
    .filter(
      (sentence) =>
        /[.!?]$/.test(sentence) &&
        sentence.length <= QUOTABLE.maxChars &&
        sentence.split(/\s+/).length >= QUOTABLE.minWords &&
        !UNQUOTABLE.test(sentence),
    );
}

/** Where a passage comes from, as a reply names it (no quotation marks of its own). */
const sourceName = (passage: PromptPassage) => {
  const title = passage.title.replace(/[«»"“”[\]]/g, "").trim();
  return passage.page === null ? title : `${title}, p. ${passage.page}`;
};

/** One quote of a passage, as the offline model writes it: «…» [n]. */
export type OfflineQuote = { passage: PromptPassage; sentence: string };

/** A word's first five letters: «potate» meets «potatura» (as the judge's measures stem). */
const stemsOf = (text: string) => new Set((text.toLowerCase().match(/\p{L}{5,}/gu) ?? []).map((word) => word.slice(0, 5)));

/** A passage's quotable sentences, those sharing most words with the side's thesis first. */
function rankedSentences(passage: PromptPassage, thesis: ReadonlySet<string>): string[] {
  const shared = (sentence: string) => [...stemsOf(sentence)].filter((stem) => thesis.has(stem)).length;
  return quotableSentences(passage.text)
    .map((sentence, position) => ({ sentence, position, score: shared(sentence) }))
    .sort((left, right) => right.score - left.score || left.position - right.position)
    .map(({ sentence }) => sentence);
}

/**
 * The quotes of one turn: from the passage the side's round falls on and, when there is one, the
 * next; of each, the sentence closest to the side's thesis that the side has not quoted in an
 * earlier round. None when the passages hold nothing quotable.
 */
export function offlineQuotes(passages: readonly PromptPassage[], round: number, thesis = ""): OfflineQuote[] {
  const stems = stemsOf(thesis);
  const quotes: OfflineQuote[] = [];
  for (let step = 0; step < Math.min(2, passages.length); step += 1) {
    const passage = passages[(round + step) % passages.length];
    if (!passage) continue;
    const sentences = rankedSentences(passage, stems);
    const sentence = sentences[Math.floor(round / passages.length) % Math.max(1, sentences.length)];
    if (sentence) quotes.push({ passage, sentence });
  }
  return quotes;
}

/** A quote in the reply: where it comes from, its words, its number. */
export const quoteSentence = ({ passage, sentence }: OfflineQuote, first: boolean) =>
  `${first ? "Lo conferma" : "E ancora"} ${sourceName(passage)}: «${sentence.replace(/[.!?]$/, "")}» [${passage.n}].`;

export const NOTHING_TO_QUOTE = "Nei documenti dell'indice non ho trovato passaggi su questo punto, quindi non porto citazioni.";
