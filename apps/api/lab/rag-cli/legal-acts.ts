import { createHash } from "node:crypto";
import { actName } from "../../src/rag";
import { required } from "../../src/required";

// Issue 49 §6: Italian acts written for the evaluation, generated from seeds (no downloads):
// nine acts as the law firm and the accountants hold them — the Constitution, two codes, four
// decrees and laws, the TUIR and the GDPR — with their real numbering (suffixed articles: «2-bis»
// … «2-decies», «55-bis» … «55-novies», «21-bis» … «21-nonies»), articles in commas, and words
// that make a reference hard for plain word search: cross-references to other articles, the same
// numbers in every act, «costo» and «costi» beside «Cost.». The text is not the law's: it is
// Italian legal prose made of a fixed vocabulary, each article with topic words of its own.

export type LegalArticle = { act: string; article: string; heading: string; rubric: string; commas: string[]; topic: string[] };
export type LegalAct = { act: string; slug: string; title: string; articles: LegalArticle[] };

/** A seeded random source (mulberry32): the same acts and questions on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const seedOf = (text: string) => createHash("sha256").update(text).digest().readUInt32LE(0);
const pick = <T>(random: () => number, items: readonly T[]): T => required(items[Math.floor(random() * items.length)], "a picked item");

const SUFFIXES = ["bis", "ter", "quater", "quinquies", "sexies", "septies", "octies", "novies", "decies"];
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, offset) => String(from + offset));
const suffixed = (number: number, count: number) => [String(number), ...SUFFIXES.slice(0, count).map((suffix) => `${number}-${suffix}`)];

/** Article numbers: a range, each of `extra` numbers followed by its suffixed siblings. */
function numbering(numbers: readonly string[], extra: Record<number, number>): string[] {
  return numbers.flatMap((number) => {
    const siblings = extra[Number(number)];
    return siblings ? suffixed(Number(number), siblings) : [number];
  });
}

/** Some numbers of a long code, always with the articles named in its questions. */
function sampled(seed: number, last: number, count: number, always: readonly number[]): string[] {
  const random = seededRandom(seed);
  const chosen = new Set(always);
  while (chosen.size < count) chosen.add(1 + Math.floor(random() * last));
  return [...chosen].sort((left, right) => left - right).map(String);
}

const SEEDS: Array<{ act: string; slug: string; title: string; numbers: string[] }> = [
  { act: "cost", slug: "costituzione", title: "Costituzione della Repubblica italiana", numbers: range(1, 139) },
  {
    act: "cc",
    slug: "codice-civile",
    title: "Codice civile (R.D. 16 marzo 1942, n. 262)",
    numbers: numbering(sampled(11, 2969, 150, [1175, 1218, 1337, 1375, 1453, 2043, 2049, 2050, 2051, 2059, 2082, 2697]), {
      2645: 3,
      1469: 6,
    }),
  },
  {
    act: "cp",
    slug: "codice-penale",
    title: "Codice penale (R.D. 19 ottobre 1930, n. 1398)",
    numbers: numbering(sampled(13, 734, 100, [185, 575, 612, 640]), { 612: 2, 640: 3 }),
  },
  {
    act: "dlgs:196/2003",
    slug: "dlgs-196-2003",
    title: "Decreto legislativo 30 giugno 2003, n. 196 — Codice in materia di protezione dei dati personali",
    numbers: numbering(range(1, 45), { 2: 9, 110: 1 }).concat(["130", "132", "132-bis", "166", "167", "167-bis"]),
  },
  {
    act: "dlgs:165/2001",
    slug: "dlgs-165-2001",
    title:
      "Decreto legislativo 30 marzo 2001, n. 165 — Norme generali sull'ordinamento del lavoro alle dipendenze delle amministrazioni pubbliche",
    numbers: numbering(range(1, 74), { 55: 8, 53: 1, 35: 1 }),
  },
  {
    act: "dpr:917/1986",
    slug: "tuir",
    title: "D.P.R. 22 dicembre 1986, n. 917 — Testo unico delle imposte sui redditi (TUIR)",
    numbers: numbering(sampled(17, 185, 90, [95, 96, 102, 109, 110, 164]), { 102: 1, 110: 1 }),
  },
  {
    act: "l:241/1990",
    slug: "legge-241-1990",
    title: "Legge 7 agosto 1990, n. 241 — Nuove norme in materia di procedimento amministrativo",
    numbers: numbering(range(1, 31), { 2: 1, 10: 1, 21: 9 }),
  },
  {
    act: "dlgs:81/2008",
    slug: "dlgs-81-2008",
    title: "Decreto legislativo 9 aprile 2008, n. 81 — Tutela della salute e della sicurezza nei luoghi di lavoro",
    numbers: numbering(range(1, 80), { 2: 1, 27: 1 }),
  },
  {
    act: "reg-ue:2016/679",
    slug: "gdpr",
    title: "Regolamento (UE) 2016/679 — Regolamento generale sulla protezione dei dati",
    numbers: range(1, 99),
  },
];

// The vocabulary: topic words (each article draws its own) and the prose around them.
const NOUNS = (
  "stampa censura autorizzazione riunione associazione domicilio corrispondenza circolazione soggiorno religione culto famiglia matrimonio " +
  "figli scuola istruzione salute lavoro retribuzione sciopero sindacato proprietà espropriazione impresa cooperazione risparmio credito " +
  "tributo imposta reddito detrazione deduzione plusvalenza ammortamento rimanenze magazzino dividendo interessi costo costi ricavo spesa " +
  "danno risarcimento colpa dolo responsabilità custodia animali rovina edificio veicolo circolazione contratto obbligazione adempimento " +
  "inadempimento mora buona fede correttezza recesso caparra clausola penale prescrizione decadenza prova testimone perizia omicidio " +
  "lesione truffa frode furto rapina minaccia atti persecutori difesa legittima dati personali consenso trattamento titolare responsabile " +
  "interessato violazione garante sanzione ammenda profilazione portabilità cancellazione rettifica opposizione sicurezza rischio " +
  "valutazione datore lavoratore preposto medico competente formazione dispositivi cantiere appalto subappalto procedimento provvedimento " +
  "silenzio assenso accesso documenti partecipazione conferenza servizi annullamento revoca sospensione autotutela termine responsabile " +
  "disciplina dirigente incarico concorso mobilità assunzione incompatibilità cumulo sanzione disciplinare procedimento penale"
)
  .split(" ")
  .filter((word, position, all) => all.indexOf(word) === position);
const ADJECTIVES = (
  "pubblico privato straordinario ordinario temporaneo permanente collettivo individuale fiscale contabile penale civile amministrativo " +
  "disciplinare sanitario genetico biometrico giudiziario patrimoniale economico sociale regionale comunale europeo nazionale " +
  "preventivo successivo grave lieve motivato scritto digitale telematico"
).split(" ");
const OPENINGS = [
  "La legge disciplina",
  "Sono garantiti",
  "Il presente articolo si applica a",
  "Nei limiti stabiliti dalla legge sono regolati",
  "Salvo quanto previsto dal comma precedente, sono ammessi",
  "Con decreto del Ministro competente sono definiti",
  "Le disposizioni del presente capo riguardano",
  "Chiunque vi abbia interesse può chiedere",
  "L'amministrazione competente provvede in ordine a",
  "Ai fini del presente articolo si intendono",
];
const CLOSINGS = [
  "secondo le modalità stabilite con regolamento",
  "entro il termine di trenta giorni dalla richiesta",
  "nel rispetto dei principi di proporzionalità e di necessità",
  "salvo che il fatto costituisca più grave reato",
  "anche ai fini della determinazione del reddito",
  "con le garanzie previste dalla legge",
  "senza nuovi o maggiori oneri per la finanza pubblica",
  "in conformità alle norme dell'ordinamento",
];

/** An article's text, its topic words drawn from the vocabulary by its own seed. */
function articleOf(act: string, article: string, others: readonly string[]): LegalArticle {
  const random = seededRandom(seedOf(`${act}#${article}`));
  const topic: string[] = [];
  while (topic.length < 3) {
    const word = pick(random, NOUNS);
    if (!topic.includes(word)) topic.push(word);
  }
  const adjective = pick(random, ADJECTIVES);
  const word = (position: number) => required(topic[position % 3], "a topic word");
  const rubric = `${capitalised(word(0))} e ${topic[1]} ${adjective}`;
  const commas = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, position) => {
    const words = [pick(random, OPENINGS), `${word(position)} ${adjective}`, "e", word(position + 1)];
    // Cross-references: the same numbers in other articles and in other acts.
    if (random() < 0.5) words.push(`ai sensi dell'articolo ${pick(random, others)}`);
    if (random() < 0.25) words.push(`e del costo ${pick(random, ADJECTIVES)}`);
    words.push(pick(random, CLOSINGS));
    return `${words.join(" ")}.`;
  });
  const style = random();
  const heading = style < 0.5 ? `Art. ${article}` : style < 0.8 ? `Art. ${article}. (${rubric})` : `Articolo ${article}`;
  return { act, article, heading, rubric, commas, topic: [...topic, adjective] };
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The nine acts, every article written. */
export function legalActs(): LegalAct[] {
  return SEEDS.map(({ act, slug, title, numbers }) => ({
    act,
    slug,
    title,
    articles: numbers.map((article) => articleOf(act, article, numbers)),
  }));
}

/** An article's text as its own file, or within its act: the heading, the rubric where the heading has none, the numbered commas. */
export function articleText(article: LegalArticle): string {
  const rubric = article.heading.includes("(") ? [] : [`(${article.rubric})`];
  const numbered = article.commas.length > 1 ? article.commas.map((comma, position) => `${position + 1}. ${comma}`) : article.commas;
  return [article.heading, ...rubric, ...numbered].join("\n");
}

/** The whole act as one file: its title, then its articles. */
export const actText = (act: LegalAct) => [act.title, "", ...act.articles.map((article) => `${articleText(article)}\n`)].join("\n");

/** One article's file name as a firm names it: «costituzione-art-21.txt», «dlgs-196-2003-art-2-septies.txt». */
export const articleFilename = (act: LegalAct, article: LegalArticle) => `${act.slug}-art-${article.article}.txt`;

export const actFilename = (act: LegalAct) => `${act.slug}.txt`;

/** The act's full name (for the README's table). */
export const actTitle = (act: LegalAct) => actName(act.act);
