// Small, dependency-free text tools for Italian, used where Postgres' `italian` full-text
// configuration is not at hand: the local embedder, the local reranker, deduplication and
// citation validation. Retrieval itself stems with Postgres (one stemmer for index and query).

/** Lower case without accents: «Città» and «citta» are the same word to a reader. */
export const foldAccents = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** The words of a text, folded; elisions are cut («dell'acqua» → «acqua»). */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const match of foldAccents(text).matchAll(WORD)) {
    const word = match[0];
    const apostrophe = word.search(/['’]/);
    words.push(apostrophe === -1 ? word : word.slice(apostrophe + 1));
  }
  return words;
}

// The function words of Italian: articles, prepositions (also articulated), pronouns,
// conjunctions and the commonest forms of essere/avere. They carry no topic.
const STOPWORDS = new Set(
  (
    "a ad al allo ai agli all alla alle anche ancora avere aveva avevano ben che chi ci cio come con contro cosa cui da dal dallo dai dagli dall " +
    "dalla dalle de degli dei del dell della delle dello di dove e ed era erano essere fa fra gia gli ha hanno ho i il in io l la le lei lo " +
    "loro lui ma me mi molto ne negli nei nel nell nella nelle nello no noi non nostro o ogni per perche piu poi puo qua quale quali quando " +
    "quanto quella quelle quelli quello questa queste questi questo qui se sei si sia siamo sono sta stata stati stato su sua sue sugli sui " +
    "sul sull sulla sulle sullo suo suoi tra tu tua tuo tutti tutto un una uno vi voi vostro e' cosi essa esse essi esso fu furono sara " +
    "sarebbe stesso stessa tale tanto tutte via viene vengono anzi oppure pero quindi infatti mentre dopo prima durante senza sopra sotto " +
    "dentro fuori verso presso circa quale qual nonche cioe ovvero ossia"
  ).split(/\s+/),
);

export const isStopword = (word: string) => STOPWORDS.has(word);

/** The topic words of a text: folded, no stopwords, no one-letter words. */
export const contentWordsOf = (text: string) => wordsOf(text).filter((word) => word.length > 1 && !STOPWORDS.has(word));

// Longest first: the first suffix that leaves a stem of at least three letters is removed.
const SUFFIXES = [
  "amente",
  "imente",
  "mente",
  "azioni",
  "azione",
  "izioni",
  "izione",
  "zioni",
  "zione",
  "ature",
  "atura",
  "atori",
  "atore",
  "atrici",
  "atrice",
  "ismi",
  "ismo",
  "iste",
  "isti",
  "ista",
  "ando",
  "endo",
  "ato",
  "ata",
  "ati",
  "ate",
  "uto",
  "uta",
  "uti",
  "ute",
  "ito",
  "ita",
  "iti",
  "ite",
  "are",
  "ere",
  "ire",
  "ano",
  "ono",
  "ava",
  "avano",
  "eva",
  "evano",
  "iva",
  "ivano",
  "issimo",
  "issima",
  "issimi",
  "issime",
  "ico",
  "ica",
  "ici",
  "ice",
  "che",
  "chi",
  "ghi",
  "ghe",
  "i",
  "e",
  "o",
  "a",
].sort((left, right) => right.length - left.length);

/**
 * A light Italian stemmer: enough for «giardino», «giardini» and «giardiniere» to share
 * «giardin», not a linguist's analysis. Numbers are kept whole.
 */
export function lightStem(word: string): string {
  if (/^\d/.test(word) || word.length <= 4) return word;
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, word.length - suffix.length);
  }
  return word;
}

export const stemsOf = (text: string) => contentWordsOf(text).map(lightStem);

/** The numbers written in a text (digits, with their decimal part), as they read. */
export function numbersOf(text: string): string[] {
  return [...text.matchAll(/\d+(?:[.,]\d+)*/g)].map((match) => match[0].replace(/[.,](?=\d{3}\b)/g, "").replace(",", "."));
}

/**
 * Names as a reader spots them: capitalised words that do not open a sentence, and numbers.
 * «Villa d'Este a Tivoli, del 1550» → villa, d'este, tivoli, 1550.
 */
export function entitiesOf(text: string): Set<string> {
  const entities = new Set<string>();
  for (const sentence of text.split(/(?<=[.!?:;])\s+|\n+/)) {
    const tokens = sentence.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
    tokens.forEach((token, position) => {
      if (/^\d/.test(token)) entities.add(token);
      else if (position > 0 && /^\p{Lu}/u.test(token) && token.length > 1) entities.add(foldAccents(token));
    });
  }
  return entities;
}
