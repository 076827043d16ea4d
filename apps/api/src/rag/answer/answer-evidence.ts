import type { Queryable } from "../../db/database";
import { idfOf } from "../retrieve/full-text-search";
import { foldAccents, isStopword } from "../italian-text";
import type { RagIndex } from "../rag-store";

// Whether the passages found can answer the question at all (issue 23 §3, §4): the share of the
// question's informative content that the best passage holds. Retrieval always returns SOMETHING
// ("Qual è il prezzo del biglietto aereo Roma-Tokyo?" finds garden tickets); this says whether it
// is evidence. Each of the question's topic words (Postgres' Italian lexemes, as BM25 reads them)
// weighs by its rarity in the passage's index (BM25's idf), and more when the index never holds
// it: a word no document uses is what the question is about and the documents are not
// ("Tokyo", "wifi", "730") — a name (capitalised past the first word) most of all. A question that
// asks for a count («Quanti abitanti…») or a price («Quanto costa…») is answered only by a
// passage that gives a number by that noun, or an amount in euro. The weights and the threshold
// were calibrated on the development halves of rag-eval/qa.jsonl and rag-eval/unanswerable.jsonl
// (`pnpm rag abstention` reports both halves).

export const EVIDENCE = {
  /** How much more a word the index never holds weighs than its idf says: a name, another word. */
  unknownNameFactor: 6,
  unknownWordFactor: 2,
  /** The passages read (the best ones first). */
  passagesRead: 5,
  /** A passage without the count or the price the question asks for keeps this share of its coverage. */
  missingAnswerType: 0.3,
  /** Below this the passages do not answer: the highest that kept 98.5 % of the right answers on the development half when set (README: why it stays). */
  answerable: 0.265,
  /** The coverage of the median passage that answers a development question: from here a passage answers fully (confidence). */
  onTopic: 0.7,
  /** 'Attendibilità': a passage naming none of the question's names keeps this share of its coverage (a chunk may not repeat its place's name). */
  unnamed: 0.5,
} as const;

export type EvidencePassage = { chunkId: string; text: string; indexName: string };

export type Evidence = {
  /** 0–1: the best passage's weighted share of the question; under EVIDENCE.answerable the documents do not answer. */
  score: number;
  answerable: boolean;
  /** Each passage read: its weighted share of the question (0–1), by chunk id. */
  coverage: Map<string, number>;
  /**
   * Each passage's share of the question as a reader weighs it ('attendibilità'): its coverage
   * times, from EVIDENCE.unnamed up to 1, the (idf-weighted) share of the question's names it holds. A passage that does not name
   * what the question names is about something else, however many of its other words it has
   * (issue 36 §4: the Medici villas, «patrimonio dell'umanità» too, against Villa d'Este). The gate
   * (`answerable`) keeps reading `coverage`.
   */
  onTopic: Map<string, number>;
};

type QuestionWord = { word: string; name: boolean };

/** The question's topic words, with whether each is a name (capitalised, not the first word). */
export function questionWords(question: string): QuestionWord[] {
  const tokens = question.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
  return tokens
    .map((token, position) => {
      const apostrophe = token.search(/['’]/);
      const word = apostrophe === -1 ? token : token.slice(apostrophe + 1);
      return { word, name: position > 0 && /^\p{Lu}/u.test(word) };
    })
    .filter(({ word }) => {
      const folded = foldAccents(word);
      return folded.length > 1 && !isStopword(folded);
    });
}

const UNITS =
  "(?:uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove)";
/** A number in digits or in Italian words («centoquaranta», «trentotto», «duemila»), or a round amount («centinaia»). */
const NUMBER =
  `(?:\\d[\\d.,]*|(?=[a-z])(?:(?:due|tre|quattro|cinque|sei|sette|otto|nove)?cento|mille|(?:due|tre|quattro|cinque|sei|sette|otto|nove|dieci)?mila)?` +
  `(?:(?:vent|trent|quarant|cinquant|sessant|settant|ottant|novant)[ia]?)?${UNITS}?|migliaia|centinaia|decine|dozzin[ae]|milion[ei]|miliard[oi])`;
const WORD = "[\\p{L}\\p{N}_]";

/** What the question asks a passage to give beyond its topic: a count of a noun, a price, or nothing. */
export function answerTypeCheck(question: string): ((passage: string) => boolean) | null {
  const folded = foldAccents(question);
  const checks: Array<(text: string) => boolean> = [];
  const counted = new RegExp(`(?<!${WORD})quant[ie] (?:(?:piu|meno) )?(${WORD}+)`, "u").exec(folded)?.[1];
  if (counted) {
    // «Quanti ettari…» → a number within three words of «ettari» (or of a word it begins).
    const stem = counted.slice(0, 5);
    const near = new RegExp(
      `(?<!${WORD})${NUMBER}[^\\p{L}\\p{N}_]+(?:${WORD}+[^\\p{L}\\p{N}_]+){0,3}${stem}|(?<!${WORD})${stem}${WORD}*[^\\p{L}\\p{N}_]+(?:${WORD}+[^\\p{L}\\p{N}_]+){0,3}${NUMBER}(?!${WORD})`,
      "u",
    );
    checks.push((text) => near.test(text));
  }
  if (/(?<![\p{L}])(?:quanto cost|prezz|tariff)/u.test(folded)) checks.push((text) => /\d[\d.,]*\s*(?:euro|€)|€\s*\d/u.test(text));
  return checks.length > 0 ? (text) => checks.every((check) => check(foldAccents(text))) : null;
}

type IndexStats = Pick<RagIndex, "id" | "name" | "chunkCount">;

/** How well the first passages (as retrieved) answer the question; nothing found is no evidence. */
export async function answerEvidence(
  db: Queryable,
  indexes: readonly IndexStats[],
  question: string,
  passages: readonly EvidencePassage[],
): Promise<Evidence> {
  // Every passage gets its coverage (a cited one's confidence uses it); the score reads the first ones.
  const read = passages;
  const words = questionWords(question);
  if (read.length === 0 || words.length === 0) return { score: 0, answerable: false, coverage: new Map(), onTopic: new Map() };

  const rows = await db.query<{ position: number; lexeme: string }>(
    `SELECT w.position::int, l.lexeme FROM unnest($1::text[]) WITH ORDINALITY AS w(word, position) CROSS JOIN LATERAL unnest(to_tsvector('italian', w.word)) AS l`,
    [words.map((entry) => entry.word)],
  );
  // One weight per lexeme; a lexeme written once as a name counts as a name.
  const isName = new Map<string, boolean>();
  for (const row of rows) isName.set(row.lexeme, (isName.get(row.lexeme) ?? false) || (words[row.position - 1]?.name ?? false));
  const lexemes = [...isName.keys()];
  if (lexemes.length === 0) return { score: 0, answerable: false, coverage: new Map(), onTopic: new Map() };

  const byName = new Map(indexes.map((index) => [index.name, index]));
  const used = [...new Set(read.map((passage) => passage.indexName))].flatMap((name) => byName.get(name) ?? []);
  const frequencies = await db.query<{ index_id: string; lexeme: string; df: number }>(
    "SELECT index_id::text, lexeme, df FROM rag_terms WHERE index_id = ANY($1::bigint[]) AND lexeme = ANY($2::text[])",
    [used.map((index) => index.id), lexemes],
  );
  const held = await db.query<{ id: string; lexemes: string[] }>(
    "SELECT id::text, array(SELECT unnest(tsvector_to_array(tsv)) INTERSECT SELECT unnest($2::text[])) AS lexemes FROM rag_chunks WHERE id = ANY($1::bigint[])",
    [read.map((passage) => passage.chunkId), lexemes],
  );
  const heldBy = new Map(held.map((row) => [row.id, new Set(row.lexemes)]));

  const weightsOf = (index: IndexStats | undefined) =>
    lexemes.map((lexeme) => {
      const df = frequencies.find((row) => row.index_id === index?.id && row.lexeme === lexeme)?.df ?? 0;
      const factor = df > 0 ? 1 : isName.get(lexeme) ? EVIDENCE.unknownNameFactor : EVIDENCE.unknownWordFactor;
      return { lexeme, weight: idfOf(index?.chunkCount ?? 0, df) * factor };
    });
  const answerType = answerTypeCheck(question);
  const coverage = new Map<string, number>();
  const onTopic = new Map<string, number>();
  for (const passage of read) {
    const weights = weightsOf(byName.get(passage.indexName));
    const has = heldBy.get(passage.chunkId) ?? new Set<string>();
    const shareOf = (entries: typeof weights) => {
      const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
      return total > 0 ? entries.reduce((sum, entry) => sum + (has.has(entry.lexeme) ? entry.weight : 0), 0) / total : 0;
    };
    const share = shareOf(weights);
    const passageCoverage = answerType && !answerType(passage.text) ? share * EVIDENCE.missingAnswerType : share;
    coverage.set(passage.chunkId, passageCoverage);
    const names = weights.filter((entry) => isName.get(entry.lexeme));
    const named = names.length > 0 ? shareOf(names) : 1;
    onTopic.set(passage.chunkId, passageCoverage * (EVIDENCE.unnamed + (1 - EVIDENCE.unnamed) * named));
  }
  const score = Math.max(0, ...read.slice(0, EVIDENCE.passagesRead).map((passage) => coverage.get(passage.chunkId) ?? 0));
  return { score, answerable: score >= EVIDENCE.answerable, coverage, onTopic };
}

/** 0–1: how fully a passage with this coverage answers the question (the median answering passage and above: 1). */
export const answersQuestion = (coverage: number) => Math.min(1, coverage / EVIDENCE.onTopic);
