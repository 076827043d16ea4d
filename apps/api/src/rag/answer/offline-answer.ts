import { foldAccents, stemsOf } from "../italian-text";
import { ragMessages } from "../messages";
import type { Passage } from "../retrieve/retrieval";
import { passageLabel } from "./cited-passage";
import { sentencesOf } from "../ingest/text-chunking";

// DESIGN.md §6, the offline model: an EXTRACTIVE answer. It quotes, as written, the sentences of
// the best passages most likely to answer the question, each with the number of the passage it
// comes from, and says it is the offline model. A sentence is likely to answer when
//  - it holds the question's RARE words, together: words that recur in every passage (the
//    villa's name in each of its passages) tell little, a word found in one sentence tells much;
//  - it holds what the question's wh-word asks for: «Chi» a person (a name, a role), «Quando» a
//    date, «Quanti» a number, «Dove» a place, «Perché» a reason. Without this, «Chi commissionò
//    Villa d'Este?» was answered with four sentences naming the villa and never the cardinal.

/** What a question asks for, read from its wh-word. */
export type AnswerKind = "person" | "time" | "quantity" | "place" | "reason";

// Nouns after «quale/che» that ask for someone: «Quale musicista…», «Che famiglia…».
const PERSON_NOUNS =
  "famiglia|famiglie|musicista|compositore|architetto|architetti|artista|artisti|scultore|scultori|pittore|pittori|principe|principessa|cardinale|papa|re|regina|" +
  "granduca|duca|duchessa|sovrano|sovrana|imperatore|imperatrice|professore|docente|scrittore|scrittori|scrittrice|poeta|botanico|botanici|giardiniere|" +
  "paesaggista|proprietario|proprietari|proprietaria|committente|fondatore|fondatrice|ente|fondazione|ateneo|universita|ordine|nobile|nobili|conte|contessa|marchese|signore";
const PERSON_QUESTION = new RegExp(
  `^(?:(?:da|a|di|con|per|tra) )?chi\\b|\\b(?:quale|quali|che|qual) (?:\\p{L}+ )?(?:${PERSON_NOUNS})\\b`,
  "u",
);
const TIME_QUESTION =
  /\bquando\b|\b(?:in|da|di|fino a|entro) (?:che|quale|quali) (?:anno|anni|secolo|secoli|periodo|epoca|mese|mesi|stagione|stagioni|giorno|giorni|data|ora|orari)\b|\b(?:che|quale|quali) (?:anno|secolo|periodo|epoca|mese|mesi|stagione|giorni|orari|ora)\b|\ba che ora\b/u;
const QUANTITY_QUESTION = /\bquant[oaie]\b|\b(?:che|quale) (?:dimensioni|superficie|estensione|altezza|lunghezza|distanza|numero)\b/u;
const PLACE_QUESTION =
  /\bdove\b|\b(?:in|da|a|verso) (?:che|quale) (?:citta|regione|luogo|paese|zona|provincia|parte|strada|via|lago|isola)\b/u;
const REASON_QUESTION = /\bperche\b|\bper quale (?:motivo|ragione)\b|\bcome mai\b|\ba cosa serv/u;

export function answerKindOf(question: string): AnswerKind | null {
  const text = foldAccents(question).replace(/['’]/g, " ").replace(/\s+/g, " ").trim();
  if (PERSON_QUESTION.test(text)) return "person";
  if (TIME_QUESTION.test(text)) return "time";
  if (QUANTITY_QUESTION.test(text)) return "quantity";
  if (REASON_QUESTION.test(text)) return "reason";
  if (PLACE_QUESTION.test(text)) return "place";
  return null;
}

const ROLES =
  /\b(?:cardinale|papa|re|regina|principe|principessa|granduca|granduchessa|duca|duchessa|conte|contessa|marchese|marchesa|imperatore|imperatrice|sovrano|sovrana|architetto|scultore|pittore|botanico|giardiniere|paesaggista|committente|proprietari[oa]?|fondat(?:ore|rice)|famiglia|capitano|lord|lady|senato|fondazione|universita|ordine|monaci|frati|scrittore|scrittrice|poeta|compositore|musicista|docente|professore)\b/u;
const TIME =
  /\b(?:1\d{3}|20\d{2})\b|\bsecol[oi]\b|\b(?:duecento|trecento|quattrocento|cinquecento|seicento|settecento|ottocento|novecento|duemila)\b|\b(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|primavera|estate|autunno|inverno)\b|\balle ore\b|\b\d{1,2}[.:]\d{2}\b/u;
const QUANTITY =
  /\d|\b(?:due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|quindici|venti|trenta|quaranta|cinquanta|sessanta|settanta|ottanta|novanta|cento|duecento|trecento|mille|migliaia|centinaia|decine|dozzina|meta|ettari|metri|chilometri)\b/u;
const REASON =
  /\bperche\b|\bpoiche\b|\bgrazie a\b|\ba causa\b|\bper (?:proteggere|difendere|evitare|ricordare|celebrare|onorare|alimentare)\b|\bemblema\b|\bin onore\b|\bmotivo\b|\bserviva|\bservivano\b/u;

/** The names a sentence gives that the question does not: capitalised words past its first. */
function newNames(sentence: string, questionWords: ReadonlySet<string>): number {
  const tokens = sentence.match(/[\p{L}]+(?:['’][\p{L}]+)?/gu) ?? [];
  let count = 0;
  tokens.forEach((token, position) => {
    if (position === 0 || !/^\p{Lu}/u.test(token) || token.length < 2) return;
    const word = foldAccents(token.replace(/^\p{L}+['’]/u, ""));
    if (!questionWords.has(word)) count += 1;
  });
  return count;
}

/** 0–1: how much a sentence holds of what the question's wh-word asks for. */
export function answersKind(kind: AnswerKind | null, sentence: string, questionWords: ReadonlySet<string>): number {
  if (kind === null) return 0;
  const folded = foldAccents(sentence);
  const names = newNames(sentence, questionWords);
  switch (kind) {
    case "person":
      return Math.min(1, (ROLES.test(folded) ? 0.5 : 0) + 0.25 * names);
    case "time":
      return TIME.test(folded) ? 1 : 0;
    case "quantity":
      return QUANTITY.test(folded) ? 1 : 0;
    case "reason":
      return REASON.test(folded) ? 1 : 0;
    case "place":
      return Math.min(1, 0.5 * names);
  }
}

/** Puts a citation before a sentence's closing punctuation: «… nel 1550 [1].» */
function cite(sentence: string, note: number): string {
  const match = /^(.*?)([.!?…]+)?$/s.exec(sentence.trim());
  return `${match?.[1] ?? sentence} [${note}]${match?.[2] ?? "."}`;
}

type Candidate = { note: number; position: number; sentence: string; score: number };

// A wh-word (or «e» + one) that opens a second question inside the first: «Chi commissionò Villa
// d'Este e da quando è patrimonio dell'umanità?» asks two things, and a reader wants both.
const PART_OPENING =
  "(?:(?:da|a|di|con|per|in|fino a) )?(?:chi|quando|quanto|quanta|quanti|quante|dove|perche|come|quale|quali|qual|cosa|che cosa|che anno|che secolo)\\b";
const PART_BREAK = new RegExp(`\\?+\\s*|[,;]\\s+(?:e\\s+)?(?=${PART_OPENING})|\\s+e\\s+(?=${PART_OPENING})`, "u");

/**
 * The parts of a question: split at «?», and at «e» or a comma only where a wh-word opens what
 * follows (conservative: «Villa Lante e Caprarola» is one part). One part for a simple question.
 */
export function questionParts(asked: string): string[] {
  // The wh-words are read folded; the parts keep the question's own letters (names are capitalised).
  // Composed accents fold letter for letter, so the folded positions are the question's.
  const question = asked.normalize("NFC");
  const folded = foldAccents(question);
  const parts: string[] = [];
  let start = 0;
  const breaker = new RegExp(PART_BREAK.source, "gu");
  for (const match of folded.matchAll(breaker)) {
    parts.push(question.slice(start, match.index));
    start = match.index + match[0].length;
  }
  parts.push(question.slice(start));
  return parts.map((part) => part.trim()).filter((part) => stemsOf(part).length > 0);
}

/** How much a sentence that holds what the wh-word asks for gains, against its share of the question (0–1). */
const KIND_WEIGHT = 0.5;
/** A later passage is a little less likely to answer than an earlier one. */
const RANK_DISCOUNT = 0.2;
/** Four sentences, at most two of one passage. */
const SENTENCES = 4;
const PER_PASSAGE = 2;
/** In a part's choice, how much the rest of the question counts (the subject often sits in the other part). */
const PART_CONTEXT_WEIGHT = 0.5;

/**
 * The offline model's answer from the best passages (the first `maxPassages`): the intro that says
 * it is offline, then the chosen sentences, quoted, each with its `[n]`, in reading order.
 * (Chosen on the QA set's odd-numbered half; see `pnpm rag eval`.)
 */
export function extractiveAnswer(question: string, passages: readonly Passage[], maxPassages = 3): string {
  const wanted = [...new Set(stemsOf(question))];
  const questionWords = new Set(foldAccents(question).match(/\p{L}+/gu) ?? []);
  const kind = answerKindOf(question);
  const sentences = passages.slice(0, maxPassages).flatMap((passage, index) =>
    sentencesOf(passage.text)
      .map((sentence, position) => ({
        note: index + 1,
        position,
        sentence: sentence.replace(/^[-*•]\s*/, ""),
        stems: new Set(stemsOf(sentence)),
      }))
      .filter((entry) => entry.sentence.length >= 20),
  );
  // A question word weighs by its rarity among these sentences (an idf of the answer's own pool).
  const weight = new Map(
    wanted.map((stem) => [stem, Math.log(1 + sentences.length / (1 + sentences.filter((entry) => entry.stems.has(stem)).length))]),
  );
  const total = [...weight.values()].reduce((sum, value) => sum + value, 0) || 1;
  const candidates: Candidate[] = sentences.flatMap((entry) => {
    const matched = wanted.filter((stem) => entry.stems.has(stem));
    if (matched.length === 0) return [];
    const share = matched.reduce((sum, stem) => sum + (weight.get(stem) ?? 0), 0) / total;
    const score = (share + KIND_WEIGHT * answersKind(kind, entry.sentence, questionWords)) * (1 - RANK_DISCOUNT * (entry.note - 1));
    return [{ note: entry.note, position: entry.position, sentence: entry.sentence, score }];
  });
  const chosen: Candidate[] = [];
  const perPassage = new Map<number, number>();
  const quoted = new Set<string>();
  const take = (candidate: Candidate) => {
    quoted.add(candidate.sentence);
    perPassage.set(candidate.note, (perPassage.get(candidate.note) ?? 0) + 1);
    chosen.push(candidate);
  };
  // A question of several parts: first the best sentence for each part (its own words and wh-word,
  // the whole question's words breaking ties), so that no part goes unanswered.
  const parts = questionParts(question);
  if (parts.length > 1) {
    for (const part of parts) {
      const partStems = new Set(stemsOf(part));
      const partKind = answerKindOf(part);
      const partTotal = [...partStems].reduce((sum, stem) => sum + (weight.get(stem) ?? 0), 0) || 1;
      const best = sentences
        .filter((entry) => !quoted.has(entry.sentence) && [...partStems].some((stem) => entry.stems.has(stem)))
        .map((entry) => {
          const share = [...partStems].reduce((sum, stem) => sum + (entry.stems.has(stem) ? (weight.get(stem) ?? 0) : 0), 0) / partTotal;
          const whole = wanted.reduce((sum, stem) => sum + (entry.stems.has(stem) ? (weight.get(stem) ?? 0) : 0), 0) / total;
          const score =
            (share + KIND_WEIGHT * answersKind(partKind, entry.sentence, questionWords) + PART_CONTEXT_WEIGHT * whole) *
            (1 - RANK_DISCOUNT * (entry.note - 1));
          return { note: entry.note, position: entry.position, sentence: entry.sentence, score };
        })
        .sort((left, right) => right.score - left.score || left.note - right.note || left.position - right.position)[0];
      if (best && chosen.length < SENTENCES) take(best);
    }
  }
  for (const candidate of candidates.sort(
    (left, right) => right.score - left.score || left.note - right.note || left.position - right.position,
  )) {
    if (chosen.length === SENTENCES) break;
    // Passages overlap (a chunk repeats the last sentences of the one before): a sentence is quoted once.
    if (quoted.has(candidate.sentence) || (perPassage.get(candidate.note) ?? 0) >= PER_PASSAGE) continue;
    take(candidate);
  }
  // Issue 49 §3: a question by reference («art. 2-septies codice privacy») asks for the article
  // itself: found by its key, its opening is quoted even when the question has no word of it.
  if (passages[0]?.reference?.asked && !chosen.some((candidate) => candidate.note === 1)) {
    for (const entry of sentences.filter((entry) => entry.note === 1 && !quoted.has(entry.sentence)).slice(0, PER_PASSAGE))
      take({ note: entry.note, position: entry.position, sentence: entry.sentence, score: 0 });
  }
  if (chosen.length === 0) return ragMessages.notInDocuments;
  const lines = chosen
    .sort((left, right) => left.note - right.note || left.position - right.position)
    // Issue 49 §4: a sentence of an act says which article it is, as lawyers cite it.
    .map((entry) => {
      const reference = passages[entry.note - 1]?.reference;
      return `- ${reference ? `${passageLabel(reference)}: ` : ""}${cite(entry.sentence, entry.note)}`;
    });
  return [ragMessages.offlineIntro, "", ...lines].join("\n");
}
