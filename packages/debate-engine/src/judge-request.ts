import {
  DEBATE_JUDGE_QUOTE_CHARS,
  firstSideOfRun,
  OFFLINE_MODEL,
  type DebateJudgeCall,
  type DebateJudgeRun,
  type Intervention,
} from "@oystar/api-client";
import { callHeaderFields, type CallHeader } from "./call-header";
import { oneLine } from "./cleaning";
import type { DebateModelRequest } from "./model-request";
import { CRITERION_LABELS, JUDGE_CRITERIA, JUDGE_FORMAT_EXAMPLE, type Lato } from "./judge-format";
import { debateMessages } from "./messages";
import type { DebateMode, SamplingPreset, Speaker } from "./rules";

// issue 26 §1: the judge's call. The client sends the whole transcript (judgeCall); the server
// builds the prompt (judgePrompt) with the sides as 'Lato 1' and 'Lato 2' — no model's name,
// neither the debaters' nor 'Modello A'/'Modello B' — in the run's order.

/** A judge weighs, it does not invent: low temperature, room for eight motivations and four quotes. */
export const JUDGE_PRESET: SamplingPreset = { temperature: 0.2, top_p: 0.8, max_tokens: 2000 };

const other = (side: Speaker): Speaker => (side === "A" ? "B" : "A");

/** Which 'Lato' a side is in a run: run 1 reads A first, run 2 reads B first. */
export const latoOf = (run: DebateJudgeRun, side: Speaker): Lato => (firstSideOfRun(run) === side ? 1 : 2);
export const sideOfLato = (run: DebateJudgeRun, lato: Lato): Speaker => (lato === 1 ? firstSideOfRun(run) : other(firstSideOfRun(run)));

/**
 * A reply as the judge reads it: whole up to DEBATE_JUDGE_QUOTE_CHARS; a longer one keeps its
 * opening and its closing (where the question to the other side is), the middle cut.
 */
export function judgeQuotable<T extends Intervention>(item: T): T {
  const text = oneLine(item.content);
  if (text.length <= DEBATE_JUDGE_QUOTE_CHARS) return { ...item, content: text };
  const tail = Math.floor(DEBATE_JUDGE_QUOTE_CHARS / 3);
  const head = DEBATE_JUDGE_QUOTE_CHARS - tail - 3;
  return { ...item, content: `${text.slice(0, head).trimEnd()} … ${text.slice(-tail).trimStart()}`.slice(0, DEBATE_JUDGE_QUOTE_CHARS) };
}

/** An intervention as the judge reads it: with the sealed verdicts of its quotes, when argued from documents. */
export type JudgedIntervention = DebateJudgeCall["history"][number];

type JudgeFacts = CallHeader & {
  mode: Exclude<DebateMode, "synthesis">;
  history: readonly JudgedIntervention[];
  judge: DebateJudgeCall["judge_model"];
};

/** One run of the judge over the whole debate (issue 26 §1: two runs, the order swapped). */
export function judgeCall(facts: JudgeFacts, run: DebateJudgeRun): DebateJudgeCall {
  return {
    ...callHeaderFields(facts),
    mode: facts.mode,
    kind: "judge",
    run,
    judge_model: facts.judge,
    history: facts.history.map(judgeQuotable),
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The text with no model's name in it: the debaters' names (in full and without their vendor
 * prefix) and the offline model's become 'un modello'; 'Modello A'/'Modello B' become the side's
 * 'Lato' in this run.
 */
export function anonymise(text: string, call: Pick<DebateJudgeCall, "models" | "run" | "judge_model">): string {
  const names = [call.models.A, call.models.B, call.judge_model, OFFLINE_MODEL]
    .flatMap((name) => [name, name.split("/").at(-1) ?? name])
    .filter((name) => name.length >= 3)
    .sort((a, b) => b.length - a.length);
  let anonymous = text;
  for (const name of new Set(names)) anonymous = anonymous.replace(new RegExp(escape(name), "gi"), "un modello");
  return anonymous.replace(/\bmodell[oi]\s+([AB])\b/gi, (_, side: Speaker) => `Lato ${latoOf(call.run, side.toUpperCase() as Speaker)}`);
}

const JUDGE_INSTRUCTIONS = [
  "Sei un giudice imparziale di dibattiti. Ti viene data la trascrizione di un dibattito tra due parti, chiamate Lato 1 e Lato 2: non sai chi siano e non devi cercare di indovinarlo.",
  "Valuta ciascun lato da 1 a 10 su quattro criteri, con una sola frase di motivazione per ciascuno:",
  `- ${CRITERION_LABELS.logica}: coerenza del ragionamento, assenza di contraddizioni e di salti logici.`,
  `- ${CRITERION_LABELS.prove}: fatti, dati, esempi e fonti verificabili a sostegno delle affermazioni; un'affermazione senza sostegno non è una prova.`,
  `- ${CRITERION_LABELS.persuasivita}: chiarezza ed efficacia nel convincere un lettore imparziale, senza retorica vuota.`,
  `- ${CRITERION_LABELS.replica}: quanto risponde davvero alle domande e agli argomenti dell'altro lato invece di ignorarli.`,
  "Cita poi, parola per parola e tra «», l'argomento più forte e quello più debole di ciascun lato, copiandoli dalla trascrizione.",
  "Infine il verdetto: il lato che ha argomentato meglio nel complesso, oppure Parità se nessuno prevale. Non premiare la lunghezza né l'ordine in cui i lati parlano.",
  "Scrivi in italiano, senza emoticon, esattamente in questo formato:",
  JUDGE_FORMAT_EXAMPLE,
].join("\n");

export const JUDGE_INSTRUCTION = `Giudica ora il dibattito: i quattro criteri (${JUDGE_CRITERIA.map((criterion) => CRITERION_LABELS[criterion]).join(", ")}) per ciascun lato, le citazioni e il verdetto, nel formato indicato.`;

/** issue 26 §2: in a debate argued from documents, 'Prove' is the verified quotes and nothing else. */
const DOCUMENTS_JUDGING =
  "Questo dibattito è basato sui documenti del cliente: ogni lato doveva citare alla lettera i passaggi, e accanto a ogni intervento trovi quante delle sue citazioni sono state verificate sui passaggi. " +
  `Per ${CRITERION_LABELS.prove} conta soltanto le citazioni verificate: una citazione non verificata, o un'affermazione senza citazione, non è una prova.`;

/** What the server verified of an intervention's quotes, as the judge reads it beside it. */
function quotesNote(item: JudgedIntervention): string {
  const statuses = item.quotes?.statuses ?? [];
  if (statuses.length === 0) return " (nessuna citazione verificata)";
  const verified = statuses.filter((status) => status === "verified").length;
  return ` (citazioni verificate: ${verified} su ${statuses.length})`;
}

/** The judge's messages for one run: its instructions, the sides' theses, the transcript. */
export function judgePrompt(call: DebateJudgeCall): DebateModelRequest {
  const clean = (text: string) => oneLine(anonymise(text, call));
  const first = firstSideOfRun(call.run);
  const second = other(first);
  const brief = [
    "Scheda del giudizio OYSTAR",
    `- Tipo: ${debateMessages.modeLabel[call.mode]}`,
    `- Tema: ${clean(call.topic)}`,
    `- Lato 1 sostiene: ${clean(call.options[first])}`,
    `- Lato 2 sostiene: ${clean(call.options[second])}`,
    `- Interventi: ${call.history.length} su ${call.length} turni`,
  ].join("\n");
  const note = (item: JudgedIntervention) => (call.documents ? quotesNote(item) : "");
  const transcript = call.history
    .map((item) => `[Lato ${latoOf(call.run, item.speaker)} · turno ${item.turn + 1}]${note(item)} ${clean(item.content)}`)
    .join("\n");
  const instructions = call.documents ? `${JUDGE_INSTRUCTIONS}\n\n${DOCUMENTS_JUDGING}` : JUDGE_INSTRUCTIONS;
  return {
    model: call.judge_model,
    messages: [
      { role: "system", content: `${instructions}\n\n${brief}` },
      { role: "user", content: `Trascrizione del dibattito:\n${transcript}\n\n${JUDGE_INSTRUCTION}` },
    ],
    stream: true,
    ...JUDGE_PRESET,
  };
}
