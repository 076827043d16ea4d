import { citationNumbersIn, citationPattern, sourceOfCitation, withSingleWarning, type RagOptions } from "@oystar/api-client";
import { cosine, type Embedder } from "../embedder";
import { entitiesOf, numbersOf, stemsOf, foldAccents } from "../italian-text";
import { ragMessages } from "../messages";
import { sentencesOf } from "../ingest/text-chunking";
import { required } from "../../required";

// The citation grammar and the single-warning rule are api-client's, shared with the screens.
export { sourceOfCitation, withSingleWarning };

// Citation validation (spec 001 §3, §5, §9; DESIGN.md §8). Invented or misplaced citations are
// what users distrust most in RAG products, so every cited sentence of an answer is scored
// against the passage it cites, on five measures combined with the five weights:
//   valid    — the numbers of the sentence are in the passage (1 when it has none)
//   semantic — embedding similarity of sentence and passage
//   entity   — the names of the sentence are in the passage (1 when it has none)
//   word     — the sentence's topic words are in the passage
//   text     — how close the sentence is, letter for letter, to the passage's closest stretch
// A citation is weak under the confidence threshold, or under the semantic one. When the share
// of weak citations passes the mismatch threshold, ONE warning note is appended.

/** The settings of the same names (RAG_KNOBS): thresholds, adaptive validation, the five weights. */
export type ValidationSettings = Pick<
  RagOptions,
  | "semanticThreshold"
  | "confidenceThreshold"
  | "mismatchThreshold"
  | "adaptiveValidation"
  | "validWeight"
  | "semanticWeight"
  | "entityWeight"
  | "wordWeight"
  | "textWeight"
>;

export type CitedSource = { noteNumber: number; chunkId: string; text: string };

export type CitationScore = {
  noteNumber: number | null;
  sentence: string;
  scores: { valid: number; semantic: number; entity: number; word: number; text: number };
  confidence: number;
  weak: boolean;
};

export type Validation = {
  citations: CitationScore[];
  /** Mean confidence per cited source, by note number. */
  confidenceBySource: Map<number, number>;
  weakShare: number;
  warn: boolean;
};

/** Adaptive validation: a passage this short gives little to match, so thresholds are eased. */
export const SHORT_PASSAGE_CHARS = 300;
const ADAPTIVE_FACTOR = 0.75;

/** Citations opening a sentence: they belong to the sentence before ("… fine. [2] Poi …"). */
const LEADING_CITATIONS = new RegExp(`^((?:\\s*${citationPattern().source})+)\\s*`);

/** The answer's sentences with the citation numbers each carries (a marker after the full stop counts for the sentence before). */
export function citedSentences(answer: string): Array<{ sentence: string; numbers: number[] }> {
  const sentences = sentencesOf(answer.replace(ragMessages.citationWarning, ""));
  const result: Array<{ sentence: string; numbers: number[] }> = [];
  for (const raw of sentences) {
    const leading = LEADING_CITATIONS.exec(raw);
    let sentence = raw;
    const previous = result.at(-1);
    if (leading && previous) {
      previous.numbers.push(...citationNumbersIn(leading[1] ?? ""));
      sentence = raw.slice(leading[0].length);
    }
    if (sentence.trim()) result.push({ sentence, numbers: citationNumbersIn(sentence) });
  }
  return result.filter((entry) => entry.numbers.length > 0);
}

const strip = (sentence: string) =>
  sentence
    .replace(citationPattern(), "")
    .replace(/^[-*•\s]+/, "")
    .trim();

function share<T>(wanted: Iterable<T>, has: (item: T) => boolean): number {
  const items = [...wanted];
  if (items.length === 0) return 1;
  return items.filter(has).length / items.length;
}

function trigrams(text: string): Set<string> {
  const flat = ` ${foldAccents(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
  const grams = new Set<string>();
  for (let index = 0; index + 3 <= flat.length; index += 1) grams.add(flat.slice(index, index + 3));
  return grams;
}

/** Dice coefficient of letter trigrams: 1 for the same text, 0 for nothing in common. */
export function letterSimilarity(left: string, right: string): number {
  const a = trigrams(left);
  const b = trigrams(right);
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const gram of a) if (b.has(gram)) common += 1;
  return (2 * common) / (a.size + b.size);
}

/** The passage's stretches of one to three sentences, where a cited sentence is looked for. */
function stretchesOf(passage: string): string[] {
  const sentences = sentencesOf(passage);
  const stretches = [...sentences];
  for (let index = 0; index + 1 < sentences.length; index += 1) stretches.push(`${sentences[index]} ${sentences[index + 1]}`);
  return stretches.length > 0 ? stretches : [passage];
}

export async function validateCitations(
  answer: string,
  sources: readonly CitedSource[],
  embedder: Embedder,
  settings: ValidationSettings,
): Promise<Validation> {
  const cited = citedSentences(answer).flatMap(({ sentence, numbers }) =>
    [...new Set(numbers)].map((number) => ({ sentence: strip(sentence), number })),
  );
  if (cited.length === 0) return { citations: [], confidenceBySource: new Map(), weakShare: 0, warn: false };

  const sentenceVectors = await embedder.embed(cited.map((entry) => entry.sentence));
  // A lexical embedder compares best with the passage's closest stretch; a semantic model with the whole passage.
  const passageVectors = new Map<string, Float32Array[]>();
  for (const source of sources) {
    passageVectors.set(source.chunkId, await embedder.embed(embedder.semantic ? [source.text] : stretchesOf(source.text)));
  }

  // Each measure's weight.
  const weights = {
    valid: settings.validWeight,
    semantic: settings.semanticWeight,
    entity: settings.entityWeight,
    word: settings.wordWeight,
    text: settings.textWeight,
  };
  const totalWeight = weights.valid + weights.semantic + weights.entity + weights.word + weights.text || 1;
  const citations: CitationScore[] = cited.map((entry, position) => {
    const source = sourceOfCitation(entry.number, sources);
    if (!source) {
      // A number that names no listed source is an invented citation.
      return {
        noteNumber: null,
        sentence: entry.sentence,
        scores: { valid: 0, semantic: 0, entity: 0, word: 0, text: 0 },
        confidence: 0,
        weak: true,
      };
    }
    const passage = source.text;
    const foldedPassage = foldAccents(passage);
    const passageStems = new Set(stemsOf(passage));
    const passageNumbers = new Set(numbersOf(passage));
    const vector = required(sentenceVectors[position], "the sentence's vector");
    const scores = {
      valid: share(numbersOf(entry.sentence), (number) => passageNumbers.has(number)),
      semantic: Math.max(0, ...(passageVectors.get(source.chunkId) ?? []).map((candidate) => cosine(vector, candidate))),
      entity: share(entitiesOf(entry.sentence), (entity) => foldedPassage.includes(entity)),
      word: share(new Set(stemsOf(entry.sentence)), (stem) => passageStems.has(stem)),
      text: Math.max(0, ...stretchesOf(passage).map((stretch) => letterSimilarity(entry.sentence, stretch))),
    };
    const confidence =
      (weights.valid * scores.valid +
        weights.semantic * scores.semantic +
        weights.entity * scores.entity +
        weights.word * scores.word +
        weights.text * scores.text) /
      totalWeight;
    const ease = settings.adaptiveValidation && passage.length < SHORT_PASSAGE_CHARS ? ADAPTIVE_FACTOR : 1;
    const weak = confidence < settings.confidenceThreshold * ease || scores.semantic < settings.semanticThreshold * ease;
    return { noteNumber: source.noteNumber, sentence: entry.sentence, scores, confidence, weak };
  });

  const perSource = new Map<number, number[]>();
  for (const citation of citations) {
    if (citation.noteNumber === null) continue;
    perSource.set(citation.noteNumber, [...(perSource.get(citation.noteNumber) ?? []), citation.confidence]);
  }
  const confidenceBySource = new Map(
    [...perSource].map(([note, values]) => [note, values.reduce((sum, value) => sum + value, 0) / values.length]),
  );
  const weakShare = citations.filter((citation) => citation.weak).length / citations.length;
  return { citations, confidenceBySource, weakShare, warn: weakShare > settings.mismatchThreshold };
}

/** spec 001 §2: the warning note appears once. What to append to a streamed answer: nothing when a copy is already there. */
export function warningToAppend(answer: string, warn: boolean): string {
  return warn && !answer.includes(ragMessages.citationWarning) ? `\n\n${ragMessages.citationWarning}` : "";
}
