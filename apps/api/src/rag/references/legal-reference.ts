// Issue 49 §1: Italian law and accounts by their references — «art. 2043 c.c.», «art. 2-septies
// d.lgs. 196/03», «OIC 12», «circolare 12/E del 2024». One parser for questions, headings, titles
// and file names: each reference gets canonical keys (act «dlgs:196/2003», article «2-septies»),
// so that a question and a document agree however either writes it.

/** A reference as written: the act it names (canonical key), the article(s), comma, lettera, numero. */
export type LegalReference = {
  /** The act's canonical key («cost», «cc», «dlgs:196/2003», «oic:12», «circ:12/e/2024»); absent: the article alone. */
  act?: string;
  /** The articles named, canonical («21», «2-septies»): one, or several after «artt.». */
  articles: string[];
  comma?: string;
  lettera?: string;
  numero?: string;
  /** Where it stands in the text: [start, end). */
  start: number;
  end: number;
};

// Latin suffixes of inserted articles, in their order (bis = 2 … quinquiesdecies = 15 …).
const LATIN = [
  "bis",
  "ter",
  "quater",
  "quinquies",
  "sexies",
  "septies",
  "octies",
  "novies",
  "nonies",
  "decies",
  "undecies",
  "duodecies",
  "terdecies",
  "quaterdecies",
  "quinquiesdecies",
  "quindecies",
  "sexiesdecies",
  "sedecies",
  "septiesdecies",
  "octiesdecies",
  "noviesdecies",
  "duodevicies",
  "undevicies",
  "vicies",
];
/** Longest first: «quaterdecies» before «quater». */
const SUFFIX = `(?:${[...LATIN].sort((left, right) => right.length - left.length).join("|")})`;
/** An article's number with its suffix however written: «2-septies», «2 septies», «2septies», «2 - septies». */
export const ARTICLE_NUMBER = `(\\d{1,4})(?:\\s*[-–]?\\s*(${SUFFIX}))?(?![\\p{L}\\d])`;

/** «2», «septies» → «2-septies» (nonies is novies). */
export function articleKey(number: string, suffix?: string): string {
  const clean = String(Number.parseInt(number, 10));
  const latin = suffix?.toLowerCase().replace(/^nonies$/, "novies");
  return latin ? `${clean}-${latin}` : clean;
}

const MONTHS = "gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre";

/** A two-digit year as lawyers write it: «03» is 2003, «92» is 1992. */
export function fullYear(year: string): string {
  if (year.length === 4) return year;
  const value = Number.parseInt(year, 10);
  return String(value <= 40 ? 2000 + value : 1900 + value);
}

// An act's number and year in every usual form: «196/2003», «196/03», «n. 196/2003», «n. 196 del
// 2003», «30 giugno 2003, n. 196». Groups: number+year, number+year, date-year+number.
const NUMBER_YEAR = `(?:(?:n\\.?|num\\.|numero)\\s*)?(\\d{1,5})\\s*\\/\\s*(\\d{4}|\\d{2})(?!\\d)|(?:(?:n\\.?|num\\.|numero)\\s*)?(\\d{1,5})\\s+(?:del(?:l')?\\s*)?(?:\\d{1,2}\\s+(?:${MONTHS})\\s+)?(\\d{4})(?!\\d)|(?:del\\s+)?\\d{1,2}(?:°|º)?\\s+(?:${MONTHS})\\s+(\\d{4}),?\\s*(?:n\\.?|num\\.|numero)\\s*(\\d{1,5})`;

type ActPattern = { pattern: string; key: (groups: string[]) => string | null };

const numberYear = (groups: string[]) => {
  const [a, b, c, d, e, f] = groups;
  if (a && b) return `${Number(a)}/${fullYear(b)}`;
  if (c && d) return `${Number(c)}/${d}`;
  if (e && f) return `${Number(f)}/${e}`;
  return null;
};

/** Acts by type, their number and year following. */
const NUMBERED: Array<[string, string]> = [
  ["dlgs", `d\\.\\s?lgs\\.?|d\\.\\s?lg\\.|dlgs\\.?|decreto\\s+legislativo`],
  ["dl", `d\\.\\s?l\\.|decreto[\\s-]legge`],
  ["dpr", `d\\.\\s?p\\.\\s?r\\.?|dpr|decreto\\s+del\\s+presidente\\s+della\\s+repubblica`],
  ["rd", `r\\.\\s?d\\.|regio\\s+decreto`],
  ["dm", `d\\.\\s?m\\.|decreto\\s+ministeriale`],
  ["l", `l\\.|legge(?!\\s+costituzionale)`],
  ["lcost", `l\\.\\s?cost\\.|legge\\s+costituzionale`],
];

/** Codes and consolidated acts by name, each with its canonical key (the act that enacts it, where one does). */
const NAMED: Array<[string, string]> = [
  ["cost", `costituzione(?:\\s+della\\s+repubblica(?:\\s+italiana)?)?|cost\\.?`],
  ["cpc", `c\\.\\s?p\\.\\s?c\\.|cod\\.\\s?proc\\.\\s?civ\\.|codice\\s+di\\s+procedura\\s+civile`],
  ["cpp", `c\\.\\s?p\\.\\s?p\\.|cod\\.\\s?proc\\.\\s?pen\\.|codice\\s+di\\s+procedura\\s+penale`],
  ["cc", `c\\.\\s?c\\.|cod\\.\\s?civ\\.|codice\\s+civile`],
  ["cp", `c\\.\\s?p\\.|cod\\.\\s?pen\\.|codice\\s+penale`],
  ["dlgs:285/1992", `codice\\s+della\\s+strada|c\\.d\\.s\\.|cds`],
  ["dlgs:196/2003", `codice\\s+(?:della\\s+)?privacy|codice\\s+in\\s+materia\\s+di\\s+protezione\\s+dei\\s+dati\\s+personali`],
  ["dlgs:36/2023", `codice\\s+dei\\s+contratti(?:\\s+pubblici)?`],
  ["dlgs:206/2005", `codice\\s+del\\s+consumo`],
  ["dlgs:82/2005", `codice\\s+dell'amministrazione\\s+digitale`],
  ["dlgs:42/2004", `codice\\s+dei\\s+beni\\s+culturali(?:\\s+e\\s+del\\s+paesaggio)?`],
  ["dlgs:81/2008", `testo\\s+unico\\s+(?:sulla|della)\\s+sicurezza(?:\\s+sul\\s+lavoro)?`],
  ["dpr:917/1986", `tuir|t\\.u\\.i\\.r\\.|testo\\s+unico\\s+delle\\s+imposte\\s+sui\\s+redditi`],
  [
    "dlgs:58/1998",
    `tuf|t\\.u\\.f\\.|testo\\s+unico\\s+(?:della|delle\\s+disposizioni\\s+in\\s+materia\\s+di)\\s+finanza|testo\\s+unico\\s+finanziario`,
  ],
  ["dlgs:385/1993", `tub|t\\.u\\.b\\.|testo\\s+unico\\s+bancario`],
  ["dlgs:267/2000", `tuel|testo\\s+unico\\s+degli\\s+enti\\s+locali`],
  ["dpr:445/2000", `testo\\s+unico\\s+(?:sulla|della)\\s+documentazione\\s+amministrativa`],
  ["dpr:380/2001", `testo\\s+unico\\s+dell'edilizia`],
  ["reg-ue:2016/679", `gdpr|regolamento\\s+generale\\s+sulla\\s+protezione\\s+dei\\s+dati`],
];

const ACTS: ActPattern[] = [
  // Reg. (UE) 2016/679, Regolamento (UE) n. 2016/679, Regolamento UE 679/2016.
  {
    pattern: `(?:reg\\.|regolamento)\\s*\\(?\\s*(ue|ce|cee)\\s*\\)?\\s*(?:n\\.?\\s*)?(\\d{1,5})\\s*\\/\\s*(\\d{1,5})`,
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the pattern above captures these groups on every match
    key: ([union, first, second]) => `reg-${union!.toLowerCase()}:${euNumber(first!, second!)}`,
  },
  {
    pattern: `(?:dir\\.|direttiva)\\s*\\(?\\s*(ue|ce|cee)?\\s*\\)?\\s*(?:n\\.?\\s*)?(\\d{1,5})\\s*\\/\\s*(\\d{1,5})(?:\\s*\\/\\s*(ue|ce|cee))?`,
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the pattern above captures these groups on every match
    key: ([union, first, second, after]) => `dir-${(union ?? after ?? "ue").toLowerCase()}:${euNumber(first!, second!)}`,
  },
  ...NUMBERED.map(([type, words]) => ({
    pattern: `(?:${words})\\s*(?:${NUMBER_YEAR})`,
    key: (groups: string[]) => {
      const value = numberYear(groups);
      return value ? `${type}:${value}` : null;
    },
  })),
  { pattern: `(oic)\\s*(?:n\\.?\\s*)?(\\d{1,3})`, key: ([, number]) => `oic:${Number(number)}` },
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the pattern captures its kind on every match
  { pattern: `(ias|ifrs)\\s*(?:n\\.?\\s*)?(\\d{1,3})`, key: ([kind, number]) => `${kind!.toLowerCase()}:${Number(number)}` },
  {
    pattern: `(circolare|circ\\.|risoluzione|ris\\.)\\s*(?:n\\.?\\s*)?(\\d{1,4})\\s*\\/?\\s*(e)(?![\\p{L}])(?:\\s*(?:del(?:l')?\\s*)?(?:\\d{1,2}\\s+(?:${MONTHS})\\s+)?(\\d{4}))?`,
    key: ([kind, number, letter, year]) =>
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the pattern above captures these groups on every match
      `${kind!.toLowerCase().startsWith("c") ? "circ" : "ris"}:${Number(number)}/${letter!.toLowerCase()}${year ? `/${year}` : ""}`,
  },
  {
    pattern: `(?:interpello|risposta\\s+(?:a\\s+)?interpello)\\s*(?:n\\.?\\s*)?(\\d{1,4})(?:\\s*(?:\\/|del(?:l')?)\\s*(?:\\d{1,2}\\s+(?:${MONTHS})\\s+)?(\\d{4}))?`,
    key: ([number, year]) => `interpello:${Number(number)}${year ? `/${year}` : ""}`,
  },
  ...NAMED.map(([key, words]) => ({ pattern: `(?:${words})`, key: () => key })),
];

/** An EU act's number: year first since 2015 («2016/679»), as written before («95/46»). */
const euNumber = (first: string, second: string) => (first.length === 4 ? `${first}/${Number(second)}` : `${Number(first)}/${second}`);

// Word edges that treat «c.c.» and «d.lgs.» as words: no letter or digit just before or after.
const BEFORE = "(?<![\\p{L}\\d.])";
const AFTER = "(?![\\p{L}\\d])";

const actExpressions = ACTS.map(({ pattern, key }) => ({ expression: new RegExp(`${BEFORE}(?:${pattern})${AFTER}`, "giu"), key }));

/** An act named in a text: its key and place. */
export type ActMention = { act: string; start: number; end: number };

/** The acts a text names, each once where it stands (the longest reading where two overlap). */
export function actMentions(text: string): ActMention[] {
  const found: ActMention[] = [];
  for (const { expression, key } of actExpressions) {
    for (const match of text.matchAll(expression)) {
      const act = key(match.slice(1) as string[]);
      if (act) found.push({ act, start: match.index, end: match.index + match[0].length });
    }
  }
  found.sort((left, right) => left.start - right.start || right.end - left.end);
  const kept: ActMention[] = [];
  for (const mention of found) if (!kept.some((other) => mention.start < other.end && other.start < mention.end)) kept.push(mention);
  return kept.sort((left, right) => left.start - right.start);
}

const ORDINALS = ["primo", "secondo", "terzo", "quarto", "quinto", "sesto", "settimo", "ottavo", "nono", "decimo"];
const ARTICLE_WORD = "(?:artt?\\.|articol[oi]|art(?=\\s*\\d))";
const ANOTHER = `\\s*(?:,|e|ed|-|–)\\s*${ARTICLE_NUMBER.replace(/\((?!\?)/g, "(?:")}`;
const COMMA = `(?:,?\\s*(?:comma|co\\.|c\\.)\\s*(\\d{1,3}(?:\\s*[-–]?\\s*${SUFFIX})?)${AFTER}|,?\\s*(${ORDINALS.join("|")})\\s+comma)`;
const LETTERA = `(?:,?\\s*(?:lett\\.|lettera)\\s*([a-z]{1,2})(?:\\)|${AFTER}))`;
const NUMERO = `(?:,?\\s*(?:n\\.|num\\.|numero)\\s*(\\d{1,3})(?!\\s*(?:\\/|del\\s+\\d|\\d)))`;
const articleExpression = new RegExp(
  `${BEFORE}(?:(${ORDINALS.join("|")})\\s+comma\\s*,?\\s*(?:dell'|del\\s+)?)?${ARTICLE_WORD}\\s*${ARTICLE_NUMBER}((?:${ANOTHER})*)${COMMA}?${LETTERA}?${NUMERO}?`,
  "giu",
);
const anotherExpression = new RegExp(ARTICLE_NUMBER, "giu");

/** What may stand between an article and the act after it: «art. 21 della Costituzione», «art. 3, D.Lgs. 81/08». */
const JOIN_AFTER = /^[\s,]*(?:(?:del(?:la|lo|l'|le)?|dei|degli|di|d'|cit\.?)\s*)?$/iu;
/** …and before it: «d.lgs. 196/2003, art. 2-septies». */
const JOIN_BEFORE = /^[\s,:]*$/u;

/** Every reference in a text, in order: articles with their act where one is named, and acts alone. */
export function parseReferences(text: string): LegalReference[] {
  const acts = actMentions(text);
  const used = new Set<ActMention>();
  const references: LegalReference[] = [];
  for (const match of text.matchAll(articleExpression)) {
    const [whole, ordinalBefore, number, suffix, more, comma, ordinalAfter, lettera, numero] = match;
    const start = match.index;
    let end = start + whole.length;
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the article's number is the one group the expression cannot match without
    const articles = [articleKey(number!, suffix)];
    for (const other of (more ?? "").matchAll(anotherExpression)) if (other[1]) articles.push(articleKey(other[1], other[2]));
    const ordinal = ordinalBefore ?? ordinalAfter;
    const reference: LegalReference = { articles, start, end };
    const commaKey = comma
      ? articleKey(...(splitSuffix(comma) as [string, string?]))
      : ordinal
        ? String(ORDINALS.indexOf(ordinal.toLowerCase()) + 1)
        : undefined;
    if (commaKey) reference.comma = commaKey;
    if (lettera) reference.lettera = lettera.toLowerCase();
    if (numero) reference.numero = String(Number(numero));
    const after = acts.find((act) => !used.has(act) && act.start >= end && JOIN_AFTER.test(text.slice(end, act.start)));
    const before = [...acts].reverse().find((act) => !used.has(act) && act.end <= start && JOIN_BEFORE.test(text.slice(act.end, start)));
    const act = after ?? before;
    if (act) {
      used.add(act);
      reference.act = act.act;
      reference.start = Math.min(start, act.start);
      end = Math.max(end, act.end);
      reference.end = end;
    }
    references.push(reference);
  }
  for (const act of acts)
    if (!used.has(act) && !references.some((reference) => act.start >= reference.start && act.end <= reference.end))
      references.push({ act: act.act, articles: [], start: act.start, end: act.end });
  return references.sort((left, right) => left.start - right.start);
}

const splitSuffix = (value: string) => {
  const match = new RegExp(`^${ARTICLE_NUMBER}`, "iu").exec(value.trim());
  return match?.[1] ? [match[1], match[2]] : [value];
};

/**
 * The frame of a question about the law, which asks for a rule and names none of its topic:
 * «regole su …», «norme in materia di …», «quale norma disciplina …». In an index of rules every
 * passage is one, and the stemmer makes the frame's words those of the acts' own formulas
 * («regole», «regolamento» and «sono regolati» are all `regol`; «norma» and «norme» `norm`): on the
 * references evaluation's development half, kept, they put another article before the one asked
 * (issue 49). Only at the start of the question, where it is a frame and not a topic.
 */
const QUESTION_FRAME = new RegExp(
  [
    "^\\s*(?:le\\s+)?(?:regole|norme|disposizioni)\\s+(?:su|sul|sullo|sulla|sui|sugli|sulle|in\\s+materia\\s+di|relative\\s+a)\\s+",
    "^\\s*(?:quale|quali|che)\\s+(?:norma|norme|legge|leggi|disposizione|disposizioni)\\s+(?:disciplina|disciplinano|regola|regolano|prevede|prevedono)\\s+",
  ].join("|"),
  "iu",
);

/**
 * The text with the acts' abbreviations («Cost.», «c.c.», «d.lgs. 196/03») and the article words
 * taken out, the act's number and year kept as the index writes them: «Cost.» must never reach the
 * stemmer as «costo». An act named in full («Costituzione») stays: it is a word of the topic too.
 * A question's frame («regole su», «quale norma disciplina», above) goes too.
 */
export function withoutActWords(text: string): string {
  let result = "";
  let at = 0;
  for (const mention of actMentions(text)) {
    if (!text.slice(mention.start, mention.end).includes(".")) continue;
    result += `${text.slice(at, mention.start)} ${numbersOf(mention.act)} `;
    at = mention.end;
  }
  result += text.slice(at);
  return result
    .replace(QUESTION_FRAME, "")
    .replace(new RegExp(`${BEFORE}${ARTICLE_WORD}`, "giu"), " ")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}

const numbersOf = (text: string) => (text.match(/\d+/g) ?? []).join(" ");

/** An article heading of a document: a line «Art. 21», «Articolo 2-ter», «Art. 55-ter. (Rapporti…)», «ART. 3 - Titolo». */
export const ARTICLE_HEADING = new RegExp(`^\\s*(?:art\\.|articolo)\\s*${ARTICLE_NUMBER}\\s*(?:$|[.:)\\-–—(]|\\s+[-–—(])`, "iu");

/** The article a heading line opens, canonical; null for any other line. */
export function articleOfHeading(line: string): string | null {
  const match = ARTICLE_HEADING.exec(line);
  return match?.[1] ? articleKey(match[1], match[2]) : null;
}

/** A heading line ahead (for a lookahead: the chunker opens a block there, even without a blank line before it). */
export const HEADING_AHEAD = `[ \\t]*(?:art\\.|articolo)[ \\t]*\\d{1,4}(?:[ \\t]*[-–]?[ \\t]*${SUFFIX})?[ \\t]*(?:$|\\n|[.:)\\-–—(]|[ \\t]+[-–—(])|[ \\t]*\\d{1,3}[ \\t]*-[ \\t]*${SUFFIX}\\.[ \\t]`;

/** The comma a line opens, numbered as acts number them: «1. La legge…», «2-bis. Entro…». */
export function commaOfLine(line: string): string | null {
  const match = new RegExp(`^\\s*(\\d{1,3})(?:\\s*-\\s*(${SUFFIX}))?\\.\\s+\\S`, "iu").exec(line);
  return match?.[1] ? articleKey(match[1], match[2]) : null;
}
