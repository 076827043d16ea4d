import { chunkDocument, documentText, foldAccents, isStopword, PASSAGES_PER_DOCUMENT } from "../../src/rag";
import { random } from "./bench-figures";
import { required } from "../../src/required";

// Questions whose answer is known, for `pnpm bench rag` to measure quality beside speed (issue 32
// §4: a bug that hid a third of every large index left the timings as fast as ever). From a bench
// corpus, deterministically: a passage of a sampled document, a word of it that few passages of
// the whole corpus hold — or, when every such word is shared with other documents (the bench
// corpus repeats each Debian paragraph in about twenty documents), two rare words of it that no
// other document holds together — and an Italian question around them. The answer is the
// document, counted by distinct document as `pnpm rag eval` counts (recall@1/5/10, MRR@10).
// Rarity is counted on BM25's prefix-stem view (migration 0015: every word folded and cut to six
// letters, the document's title with each passage), which is how the search tells words apart.

/** A document as ingestion stores it: its title (indexed with every passage) and its passages. */
export type CorpusDocument = { filename: string; title: string; passages: readonly string[] };

export type KnownPassageQuestion = {
  question: string;
  /** The document that answers. */
  answerFile: string;
  /** The passage the words were taken from (its ordinal in the document). */
  passage: number;
  /** The rare words, as the passage writes them, in its order. */
  words: string[];
};

/** A word is rare when at most this many passages of the corpus hold its prefix stem. */
export const RARE_IN_PASSAGES = 64;
/** Pairs are tried among this many of a passage's rarest words. */
const PAIR_POOL = 8;
/** Shorter words are mostly grammar, or stems shared by unrelated words. */
const MIN_LETTERS = 5;
/** The fixed seed of the bench's questions: the same on every run. */
export const KNOWN_QUESTIONS_SEED = 32;
/** Recall is counted on the first ten distinct documents… */
export const RECALL_DEPTH = 10;
/** …so this many passages are asked for: ten documents at least, each giving at most PASSAGES_PER_DOCUMENT. */
export const PASSAGES_FOR_RECALL = RECALL_DEPTH * PASSAGES_PER_DOCUMENT;

/** A word's key in BM25's prefix-stem view: folded, its first six letters. */
export const prefixStem = (word: string) => foldAccents(word).slice(0, 6);

/** The prefix stems a text holds (rag_prefix_stems: split at every character that is not a letter or digit). */
export const prefixStemsOf = (text: string): Set<string> =>
  new Set(
    foldAccents(text)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map((word) => word.slice(0, 6)),
  );

/** The document as `pnpm rag ingest` reads and chunks it (document-text.ts, text-chunking.ts). */
export async function corpusDocumentOf(filename: string, content: string | Uint8Array): Promise<CorpusDocument> {
  const { title, text } = await documentText(filename, typeof content === "string" ? new TextEncoder().encode(content) : content);
  return { filename, title, passages: chunkDocument(text).chunks.map((chunk) => chunk.text) };
}

/**
 * The questions' wording: around the rare words only the commonest function words (stopwords of
 * Postgres' `italian` configuration and of italian-text.ts), so that a question is about its words
 * alone. A content word of the wording would rank the passages that hold IT (BM25), and, absent
 * from the answer's passage, make the product withhold the answer (answer-evidence.ts); even
 * function words count on the prefix-stem view, where rarer ones («quale», «questi») outweighed a
 * rare word.
 */
const PHRASINGS: ReadonlyArray<{ one: (word: string) => string; two: (first: string, second: string) => string }> = [
  { one: (word) => `Che c'è su ${word}?`, two: (first, second) => `Che c'è su ${first} e ${second}?` },
  { one: (word) => `Dove è ${word}?`, two: (first, second) => `Dove sono ${first} e ${second}?` },
];

/**
 * Postgres' `italian` stopwords of MIN_LETTERS and more, folded (its Snowball list: forms of
 * avere, essere, fare, stare…): it keeps no lexeme of them, so they are no word to ask about.
 */
const POSTGRES_STOPWORDS = new Set(
  (
    "abbia abbiamo abbiano abbiate anche avemmo avendo avesse avessero avessi avessimo aveste avesti avete aveva avevamo avevano avevate avevi " +
    "avevo avrai avranno avrebbe avrebbero avrei avremmo avremo avreste avresti avrete avuta avute avuti avuto contro dagli dalla dalle dallo " +
    "degli della delle dello ebbero erano eravamo eravate essendo faccia facciamo facciano facciate faccio facemmo facendo facesse facessero " +
    "facessi facessimo faceste facesti faceva facevamo facevano facevate facevi facevo fanno farai faranno farebbe farebbero farei faremmo " +
    "faremo fareste faresti farete fecero fosse fossero fossi fossimo foste fosti fummo furono hanno negli nella nelle nello nostra nostre " +
    "nostri nostro perche quale quanta quante quanti quanto quella quelle quelli quello questa queste questi questo sarai saranno sarebbe " +
    "sarebbero sarei saremmo saremo sareste saresti sarete siamo siano siate siete stando stanno stara starai staranno starebbe starebbero " +
    "starei staremmo staremo stareste staresti starete staro stava stavamo stavano stavate stavi stavo stemmo stesse stessero stessi stessimo " +
    "steste stesti stette stettero stetti stiamo stiano stiate sugli sulla sulle sullo tutti tutto vostra vostre vostri vostro"
  ).split(/\s+/),
);

/**
 * Whether the word at [start, end) of `text` is one Postgres reads as a word: not in a path, a
 * file or host name, an address («/etc/ppp/pap-secrets», «dasystemd-hostnamed.service»,
 * «text/plain»), which its parser keeps whole as one lexeme, so the word alone would not find it.
 */
function standsAlone(text: string, start: number, end: number): boolean {
  let from = start;
  let to = end;
  while (from > 0 && !/\s/u.test(text.charAt(from - 1))) from -= 1;
  while (to < text.length && !/\s/u.test(text.charAt(to))) to += 1;
  const run = text.slice(from, to);
  return !/[/@\\]|[\p{L}\p{N}]\.[\p{L}\p{N}]/u.test(run);
}

/** The passages holding each rare prefix stem, in corpus order; "common" past RARE_IN_PASSAGES. */
type Postings = Map<string, number[] | "common">;

function postingsOf(documents: readonly CorpusDocument[]): { postings: Postings; documentOf: Int32Array } {
  const postings: Postings = new Map();
  const documentOf: number[] = [];
  documents.forEach((document, number) => {
    for (const text of document.passages) {
      const passage = documentOf.push(number) - 1;
      for (const stem of prefixStemsOf(`${document.title} ${text}`)) {
        const held = postings.get(stem);
        if (held === "common") continue;
        if (!held) postings.set(stem, [passage]);
        else if (held.length === RARE_IN_PASSAGES) postings.set(stem, "common");
        else held.push(passage);
      }
    }
  });
  return { postings, documentOf: Int32Array.from(documentOf) };
}

/** The passages in both lists. */
function together(left: readonly number[], right: readonly number[]): number[] {
  const inRight = new Set(right);
  return left.filter((passage) => inRight.has(passage));
}

/** The rarest word of the passage if only its document holds it; else the rarest pair only its document holds; else null. */
function rareWordsOf(text: string, document: number, postings: Postings, documentOf: Int32Array): [string] | [string, string] | null {
  const candidates = new Map<string, { word: string; position: number; passages: number[] }>();
  for (const { 0: word, index: position } of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const folded = foldAccents(word);
    if (
      word.length < MIN_LETTERS ||
      !/^\p{L}+$/u.test(word) ||
      isStopword(folded) ||
      POSTGRES_STOPWORDS.has(folded) ||
      !standsAlone(text, position, position + word.length)
    )
      continue;
    const stem = prefixStem(word);
    const passages = postings.get(stem);
    if (passages && passages !== "common" && !candidates.has(stem)) candidates.set(stem, { word, position, passages });
  }
  const rarest = [...candidates.values()].sort(
    (left, right) => left.passages.length - right.passages.length || left.position - right.position,
  );
  const onlyHere = (passages: readonly number[]) => passages.every((passage) => documentOf[passage] === document);
  if (rarest[0] && onlyHere(rarest[0].passages)) return [rarest[0].word];
  const pool = rarest.slice(0, PAIR_POOL);
  let best: { words: [string, string]; passages: number } | null = null;
  for (const [first, one] of pool.entries()) {
    for (const other of pool.slice(first + 1)) {
      const [left, right] = [one, other].sort((a, b) => a.position - b.position) as [(typeof pool)[0], (typeof pool)[0]];
      const passages = left.passages.length + right.passages.length;
      if ((!best || passages < best.passages) && onlyHere(together(left.passages, right.passages)))
        best = { words: [left.word, right.word], passages };
    }
  }
  return best?.words ?? null;
}

/**
 * `count` questions (fewer if the corpus has not that many documents with a passage to ask
 * about), from documents in a seeded order: the same corpus and seed give the same questions.
 * `among`: only these documents are asked about (rarity is still counted on the whole corpus).
 */
export function knownPassageQuestions(
  documents: readonly CorpusDocument[],
  count: number,
  seed = KNOWN_QUESTIONS_SEED,
  among: (document: CorpusDocument) => boolean = () => true,
): KnownPassageQuestion[] {
  const next = random(seed);
  const { postings, documentOf } = postingsOf(documents);
  // Fisher–Yates with the seeded generator: documents from all over the corpus.
  const order = Array.from(documents.keys());
  for (let last = order.length - 1; last > 0; last -= 1) {
    const other = Math.floor(next() * (last + 1));
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- 0 ≤ other ≤ last < order.length: both are in the list
    [order[last], order[other]] = [order[other]!, order[last]!];
  }
  const questions: KnownPassageQuestion[] = [];
  for (const number of order) {
    if (questions.length >= count) break;
    const document = required(documents[number], `document ${number}`);
    if (document.passages.length === 0 || !among(document)) continue;
    const passage = Math.floor(next() * document.passages.length);
    const phrasing = required(PHRASINGS[Math.floor(next() * PHRASINGS.length)], "a phrasing");
    const words = rareWordsOf(required(document.passages[passage], `passage ${passage}`), number, postings, documentOf);
    if (!words) continue;
    questions.push({
      question: words.length === 1 ? phrasing.one(words[0]) : phrasing.two(words[0], words[1]),
      answerFile: document.filename,
      passage,
      words,
    });
  }
  return questions;
}

export type Recall = { questions: number; "r@1": number; "r@5": number; "r@10": number; "mrr@10": number };

/** recall@1/5/10 and MRR@10 by distinct document (`ranked`: each question's documents, best first), as `pnpm rag eval` counts. */
export function recallOf(asked: ReadonlyArray<{ answerFile: string; ranked: readonly string[] }>): Recall {
  const found = { 1: 0, 5: 0, 10: 0 };
  let reciprocal = 0;
  for (const { answerFile, ranked } of asked) {
    const rank = [...new Set(ranked)].slice(0, RECALL_DEPTH).indexOf(answerFile);
    if (rank < 0) continue;
    for (const k of [1, 5, 10] as const) if (rank < k) found[k] += 1;
    reciprocal += 1 / (rank + 1);
  }
  const share = (value: number) => (asked.length ? Math.round((value / asked.length) * 1000) / 1000 : 0);
  return { questions: asked.length, "r@1": share(found[1]), "r@5": share(found[5]), "r@10": share(found[10]), "mrr@10": share(reciprocal) };
}
