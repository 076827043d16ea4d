import type { Queryable } from "../../db/database";
import { italianDictionary } from "./italian-dictionary";
import type { RagIndex } from "../rag-store";

// The settings' spell check (rag_enable_spell_check, spec 001 §3, §9; off by default): a word of
// the question that the searched indexes never contain is replaced by the closest FREQUENT word
// they do contain. The vocabulary is the one BM25 already keeps (rag_terms: each Italian lexeme
// with its document frequency), so nothing new is stored. Rules, chosen to correct typos and
// leave real words alone:
//  - only words of at least 4 letters whose lexeme occurs nowhere in the indexes AND that the
//    Italian dictionary does not know (italian-dictionary.ts): «uffici» is a real word even where
//    the documents only say «Uffizi», and stays as written;
//  - candidate lexemes share the first letter, differ by at most `maxDistance` edits (insertion,
//    deletion, substitution, swap of two neighbours), and occur in at least `minDf` passages;
//  - the fewest edits win, then the most frequent;
//  - the word written in the question is replaced by the candidate's form in the passages closest
//    to it («giardno» → lexeme «giardin» → «giardino»), so both legs and the offline answer read a
//    real word — and only when that form, too, is within `maxDistance` edits of the word written:
//    «palermitano» is not a typo of «palermo», nor «spense» of «spesso».
// A word neither the documents nor the dictionary know is a typo or a name: «Labirnto» →
// «Labirinto», «Bobolli» → «Boboli».

export type SpellCorrection = { word: string; correction: string };
export type SpellChecked = { question: string; corrections: SpellCorrection[] };

/**
 * A candidate must occur in at least this many passages: in a collection of some size a word seen
 * once may be a typo itself; in a handful of passages most words are seen once.
 */
export const minDf = (chunks: number) => (chunks >= 50 ? 2 : 1);
/** Edits allowed for a word (or lexeme) of this many letters: none under 5, 1 up to 8, then 2. */
export const maxDistance = (length: number) => (length < 5 ? 0 : length < 9 ? 1 : 2);
/** How many of the closest lexemes are tried for a written form close enough. */
const CANDIDATES_TRIED = 3;
/** A long question's typos: at most this many corrections. */
const MAX_CORRECTIONS = 5;

/** Optimal string alignment distance (Levenshtein with swaps of neighbours), stopping past `limit`. */
export function editDistance(left: string, right: string, limit = Number.POSITIVE_INFINITY): number {
  const a = [...left];
  const b = [...right];
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  // Every row has b.length + 1 cells; a cell outside one is no path at all.
  const cell = (row: readonly number[], j: number) => row[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(cell(previous, j) + 1, cell(current, j - 1) + 1, cell(previous, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, cell(before, j - 2) + 1);
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return cell(previous, b.length);
}

type Ids = readonly string[];

/** Each word with its lexeme and how many passages of the indexes hold it. */
async function lexemesOf(db: Queryable, indexIds: Ids, words: readonly string[]) {
  return db.query<{ word: string; lexeme: string; df: number }>(
    `SELECT w.word, l.lexeme,
       coalesce((SELECT sum(t.df) FROM rag_terms t WHERE t.index_id = ANY($1::bigint[]) AND t.lexeme = l.lexeme), 0)::int AS df
     FROM unnest($2::text[]) AS w(word) CROSS JOIN LATERAL unnest(to_tsvector('italian', w.word)) AS l`,
    [indexIds, words],
  );
}

/** The frequent lexemes of the indexes closest to `lexeme`, closest and commonest first. */
async function closestLexemes(db: Queryable, indexIds: Ids, lexeme: string, minimumDf: number): Promise<string[]> {
  const length = [...lexeme].length;
  const limit = maxDistance(length);
  if (limit === 0) return [];
  const candidates = await db.query<{ lexeme: string; df: number }>(
    `SELECT t.lexeme, sum(t.df)::int AS df FROM rag_terms t
     WHERE t.index_id = ANY($1::bigint[]) AND left(t.lexeme, 1) = $2 AND char_length(t.lexeme) BETWEEN $3 AND $4
     GROUP BY t.lexeme HAVING sum(t.df) >= $5`,
    [indexIds, [...lexeme][0], length - limit, length + limit, minimumDf],
  );
  return candidates
    .map((candidate) => ({ ...candidate, distance: editDistance(lexeme, candidate.lexeme, limit) }))
    .filter((candidate) => candidate.distance <= limit)
    .sort((left, right) => left.distance - right.distance || right.df - left.df || (left.lexeme < right.lexeme ? -1 : 1))
    .slice(0, CANDIDATES_TRIED)
    .map((candidate) => candidate.lexeme);
}

const quotedLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** The words of the passages that have `lexeme` as their lexeme («giardin» → giardino, giardini…), commonest first. */
async function writtenForms(db: Queryable, indexIds: Ids, lexeme: string): Promise<string[]> {
  const query = quotedLexeme(lexeme);
  const texts = await db.query<{ text: string }>(
    "SELECT text FROM rag_chunks WHERE index_id = ANY($1::bigint[]) AND tsv @@ $2::tsquery LIMIT 5",
    [indexIds, query],
  );
  const counts = new Map<string, number>();
  for (const { text } of texts)
    for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  if (counts.size === 0) return [];
  const forms = await db.query<{ word: string }>(
    "SELECT w AS word FROM unnest($1::text[]) AS w WHERE to_tsvector('italian', w) @@ $2::tsquery",
    [[...counts.keys()], query],
  );
  return forms
    .map((form) => form.word)
    .sort((left, right) => (counts.get(right) ?? 0) - (counts.get(left) ?? 0) || left.localeCompare(right));
}

/** «Giardno» → «Giardino»: the correction written as the question wrote the word. */
const inCaseOf = (original: string, correction: string) =>
  /^\p{Lu}/u.test(original) ? correction.charAt(0).toUpperCase() + correction.slice(1) : correction;

/** The question with its misspelt words corrected against the vocabulary of `indexes`. */
export async function correctSpelling(
  db: Queryable,
  indexes: readonly Pick<RagIndex, "id" | "chunkCount">[],
  question: string,
): Promise<SpellChecked> {
  const indexIds = indexes.map((index) => index.id);
  const minimumDf = minDf(indexes.reduce((sum, index) => sum + index.chunkCount, 0));
  const words = [...new Set((question.match(/\p{L}{4,}/gu) ?? []).map((word) => word.toLowerCase()))];
  if (indexIds.length === 0 || words.length === 0) return { question, corrections: [] };
  const unseen = (await lexemesOf(db, indexIds, words)).filter((row) => row.df === 0);
  // The dictionary is only opened for a question with a word the documents do not have.
  const dictionary = unseen.length > 0 ? await italianDictionary() : null;
  const unknown = unseen.filter((row) => !dictionary?.knows(row.word)).slice(0, MAX_CORRECTIONS);
  const corrections: SpellCorrection[] = [];
  for (const { word, lexeme } of unknown) {
    const limit = maxDistance([...word].length);
    for (const candidate of await closestLexemes(db, indexIds, lexeme, minimumDf)) {
      // The written form closest to the word, the commonest among equals («giardno» → «giardino», not «giardini»).
      const forms = (await writtenForms(db, indexIds, candidate)).map((form) => ({ form, distance: editDistance(word, form, limit) }));
      const closest = forms.filter((entry) => entry.distance <= limit).sort((left, right) => left.distance - right.distance)[0];
      if (closest && closest.form !== word) {
        corrections.push({ word, correction: closest.form });
        break;
      }
    }
  }
  let corrected = question;
  for (const { word, correction } of corrections) {
    corrected = corrected.replace(new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, "giu"), (original) => inCaseOf(original, correction));
  }
  return { question: corrected, corrections };
}
