// A thesis typed on its own starts with a capital; placed after "contro" or "Non è vero che" it
// continues a sentence (issue 27 §5: 'Le auto elettriche contro Le auto a benzina'). Only a first
// word we can tell is an ordinary word is lowered: a name ('Roma', 'Python') looks just like one,
// and 'roma' is a worse slip than 'Lavorare' after "contro".

/**
 * Italian words that are never names: articles, prepositions (simple and articulated), pronouns,
 * determiners, conjunctions, and the adverbs and verbs a thesis commonly opens with.
 */
const ORDINARY_WORDS = new Set(
  (
    "il lo la i gli le l un uno una " +
    "di a da in con su per tra fra " +
    "del dello della dei degli delle dell al allo alla ai agli alle all dal dallo dalla dai dagli dalle dall " +
    "nel nello nella nei negli nelle nell sul sullo sulla sui sugli sulle sull col coi " +
    "e ed o od ma però se che chi cui come quando dove perché anche né neanche nemmeno " +
    "io tu lui lei noi voi loro ci si mi ti vi ne " +
    "questo questa questi queste quello quella quelli quelle quel ogni ognuno tutto tutta tutti tutte " +
    "nessun nessuno nessuna alcuni alcune molti molte pochi poche tanti tante troppi troppe altro altra altri altre certi certe " +
    "più meno meglio peggio molto poco sempre mai già ancora oggi domani ieri solo soltanto non no sì " +
    "è sono era erano sarà saranno c ci bisogna serve servono conviene occorre esiste esistono vale basta"
  ).split(" "),
);

/** An infinitive ('Lavorare', 'Vivere', 'Partire', 'Muoversi') or an adverb in -mente. */
const VERB_OR_ADVERB = /^\p{L}+(?:are|ere|ire|arsi|ersi|irsi|mente)$/u;

/** The first word, and whether it ends at an apostrophe ("L'aereo": "L"). */
const FIRST_WORD = /^(\p{L}+)(['’])?/u;

/** Whether the first word reads in lower case in the middle of a sentence. */
function isOrdinaryWord(word: string): boolean {
  // Another capital: an acronym, a brand or a model ('USA', 'iPhone', 'GPT-4').
  if (word.slice(1) !== word.slice(1).toLowerCase()) return false;
  const lower = word.toLowerCase();
  return ORDINARY_WORDS.has(lower) || VERB_OR_ADVERB.test(lower);
}

/**
 * The text as it reads inside a sentence: its first letter lowered when its first word is an
 * ordinary word ('Le auto a benzina' → 'le auto a benzina', 'L'aereo' → 'l'aereo'); names and
 * acronyms kept ('Roma', 'USA').
 */
export function asMidSentence(text: string): string {
  const match = FIRST_WORD.exec(text);
  if (!match?.[1] || !isOrdinaryWord(match[1])) return text;
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}
