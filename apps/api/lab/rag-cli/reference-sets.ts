import { createHash } from "node:crypto";
import { type DocumentInput, storeDocuments } from "../../src/rag";
import type { EvalCorpus, EvalSet } from "./eval-sets";
import {
  actFilename,
  actText,
  articleFilename,
  articleText,
  legalActs,
  seededRandom,
  type LegalAct,
  type LegalArticle,
} from "./legal-acts";
import { required } from "../../src/required";

// Issue 49 §6: `pnpm rag eval --set references` — questions by reference over the acts written for
// the purpose (legal-acts.ts), generated in every form of the parser's (art./articolo, suffixes
// written four ways, comma and co., the acts' abbreviations, numbers and years, dates), in three
// kinds: the reference alone, the reference with topic words, the topic words alone (the
// control). Two corpora: one file per article (as a firm keeps them) and the nine whole acts.
// Articles fall into a development half and a test half by a hash of their key: retrieval was
// tuned on the dev half only. A question is found at k when its article is among the first k
// (distinct files; in the whole acts, distinct articles of a file).

export type ReferenceKind = "riferimento" | "riferimento+argomento" | "argomento";
export const REFERENCE_KINDS: readonly ReferenceKind[] = ["riferimento", "riferimento+argomento", "argomento"];
type Half = "dev" | "test";

/**
 * Questions per kind and half: enough to tell 0.97 from 0.99. The topic words alone ask about
 * every article of the half (about 425): at 200 the gap to plain BM25 was one to three questions,
 * too few to see on the development half.
 */
const QUESTIONS: Record<ReferenceKind, number> = { riferimento: 200, "riferimento+argomento": 200, argomento: Number.POSITIVE_INFINITY };

const hashOf = (text: string) => createHash("sha256").update(text).digest();
const halfOf = (article: LegalArticle): Half => (hashOf(`metà:${article.act}#${article.article}`).readUInt8(0) % 2 === 0 ? "dev" : "test");
const pick = <T>(random: () => number, items: readonly T[]): T => required(items[Math.floor(random() * items.length)], "a picked item");

/** A suffixed number written as people write it: «2-septies», «2 septies», «2septies», «2 - septies». */
function written(random: () => number, article: string): string {
  const [number, suffix] = article.split("-");
  if (!suffix) return article;
  return pick(random, [`${number}-${suffix}`, `${number} ${suffix}`, `${number}${suffix}`, `${number} - ${suffix}`]);
}

const DATES: Record<string, string> = {
  "dlgs:196/2003": "30 giugno 2003",
  "dlgs:165/2001": "30 marzo 2001",
  "dlgs:81/2008": "9 aprile 2008",
};

/** A reference to an article (and comma `comma`, when given) in one of the usual forms for its act. */
function referenceTo(random: () => number, act: string, article: string, comma: number | null): string {
  const a = written(random, article);
  const co = comma !== null ? pick(random, [`, comma ${comma},`, ` co. ${comma}`, `, comma ${comma}`]) : "";
  const art = pick(random, ["art.", "art.", "Art.", "articolo"]);
  const [type = "", numberYear = ""] = act.split(":");
  const [number, year] = numberYear.split("/");
  const short = year?.slice(2);
  const forms: Record<string, string[]> = {
    cost: [`${art} ${a}${co} Cost.`, `${art} ${a}${co} della Costituzione`, `${art} ${a}${co} Cost`],
    cc: [`${art} ${a}${co} c.c.`, `${art} ${a}${co} del codice civile`, `${art} ${a}${co} cod. civ.`],
    cp: [`${art} ${a}${co} c.p.`, `${art} ${a}${co} del codice penale`],
    dlgs: [
      `${art} ${a}${co} d.lgs. ${number}/${short}`,
      `${art} ${a}${co} D.Lgs. ${number}/${year}`,
      `${art} ${a}${co} del d.lgs. n. ${number} del ${year}`,
      `${art} ${a}${co} del decreto legislativo ${DATES[act] ?? year}, n. ${number}`,
      ...(act === "dlgs:196/2003" ? [`${art} ${a}${co} del codice privacy`] : []),
    ],
    dpr: [
      `${art} ${a}${co} TUIR`,
      `${art} ${a}${co} D.P.R. ${number}/${year}`,
      `${art} ${a}${co} del testo unico delle imposte sui redditi`,
    ],
    l: [
      `${art} ${a}${co} l. ${number}/${short}`,
      `${art} ${a}${co} della legge 7 agosto 1990, n. ${number}`,
      `${art} ${a}${co} L. n. ${number}/${year}`,
    ],
    "reg-ue": [`${art} ${a}${co} GDPR`, `${art} ${a}${co} Reg. (UE) 2016/679`, `${art} ${a}${co} del Regolamento (UE) 2016/679`],
  };
  return pick(random, required(forms[type], `the forms of ${type}`)).replace(/\s+,/g, ",");
}

type ReferenceQuestion = { id: string; half: Half; kind: ReferenceKind; act: LegalAct; article: LegalArticle; question: string };

/** The questions of every kind and half, generated from the acts (the same on every run). */
export function referenceQuestions(acts: readonly LegalAct[]): ReferenceQuestion[] {
  const all = acts.flatMap((act) => act.articles.map((article) => ({ act, article })));
  const questions: ReferenceQuestion[] = [];
  for (const kind of REFERENCE_KINDS) {
    for (const half of ["dev", "test"] as const) {
      // The topic questions of every article have a seed of their own («:tutti»): a new generation, not the first 200's.
      const random = seededRandom(hashOf(`${kind}:${half}${kind === "argomento" ? ":tutti" : ""}`).readUInt32LE(0));
      const pool = all.filter(({ article }) => halfOf(article) === half);
      const chosen = [...pool].sort(() => random() - 0.5).slice(0, QUESTIONS[kind]);
      for (const [position, { act, article }] of chosen.entries()) {
        const comma = article.commas.length > 1 && random() < 0.3 ? 1 + Math.floor(random() * article.commas.length) : null;
        const reference = referenceTo(random, act.act, article.article, comma);
        const [first, second, third, adjective] = article.topic as [string, string, string, string];
        const question =
          kind === "riferimento"
            ? pick(random, [reference, `Cosa prevede l'${reference}?`, `${reference}`, `testo dell'${reference}`])
            : kind === "riferimento+argomento"
              ? pick(random, [
                  `${reference}: ${first} e ${second}`,
                  `Cosa dice l'${reference} su ${first} ${adjective}?`,
                  `${second} ${adjective} ${reference}`,
                ])
              : pick(random, [
                  `Quale norma disciplina ${first} ${adjective} e ${second}?`,
                  `${second} e ${third} ${adjective}`,
                  `regole su ${first}, ${second} e ${third}`,
                ]);
        questions.push({
          id: `${kind}-${half}-${position}`,
          half,
          kind,
          act,
          article,
          question: question.replace(/l'art/g, "l'art").replace(/l'Art/g, "l'art"),
        });
      }
    }
  }
  return questions;
}

const input = (filename: string, title: string, text: string): DocumentInput => ({
  filename,
  title,
  url: null,
  text,
  bytes: Buffer.byteLength(text),
  contentHash: hashOf(text).toString("hex"),
});

/** Documents stored per transaction while loading a corpus. */
const STORE_BATCH = 200;

function corpusOf(name: string, documents: DocumentInput[]): EvalCorpus {
  return {
    name,
    documents: documents.length,
    async load(context, index) {
      for (let start = 0; start < documents.length; start += STORE_BATCH) {
        await storeDocuments(context.db, index, documents.slice(start, start + STORE_BATCH), {
          embedder: context.engine.embedder,
          vectors: context.engine.vectors,
        });
      }
    },
  };
}

/** The names `--set` takes: all, or one half. */
export const REFERENCE_SET_NAMES = ["references", "references-dev", "references-test"] as const;

/**
 * The sets of `--set references`: per corpus (one file per article; whole acts), half and kind.
 * A file's title is its name as a reader shows it («costituzione art 21»): the act and the article
 * come from the heading, the title or the file name (ingestion, issue 49 §2).
 */
export function referenceSets(halves: readonly Half[] = ["dev", "test"]): EvalSet[] {
  const acts = legalActs();
  const articleFiles = corpusOf(
    "references-articles",
    acts.flatMap((act) =>
      act.articles.map((article) =>
        input(
          articleFilename(act, article),
          articleFilename(act, article)
            .replace(/\.txt$/, "")
            .replace(/-/g, " "),
          articleText(article),
        ),
      ),
    ),
  );
  const wholeActs = corpusOf(
    "references-acts",
    acts.map((act) => input(actFilename(act), act.title, actText(act))),
  );
  const questions = referenceQuestions(acts);
  const sets: EvalSet[] = [];
  for (const [corpus, byArticle] of [
    [articleFiles, false],
    [wholeActs, true],
  ] as const) {
    for (const half of halves) {
      for (const kind of REFERENCE_KINDS) {
        sets.push({
          name: `${corpus.name.replace("references-", "riferimenti-")}-${half}: ${kind}`,
          corpus,
          byArticle,
          references: true,
          questions: questions
            .filter((question) => question.half === half && question.kind === kind)
            .map((question) => ({
              id: question.id,
              question: question.question,
              answerFile: byArticle
                ? `${actFilename(question.act)}#${question.article.article}`
                : articleFilename(question.act, question.article),
            })),
        });
      }
    }
  }
  return sets;
}
