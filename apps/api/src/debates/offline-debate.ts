import { OFFLINE_MODEL_LABEL, type DebateAnalysisCall, type DebateCall, type DebateTurnCall } from "@oystar/api-client";
import {
  cutTo,
  formatSynthesisAnalysis,
  PROMPT_REPLY_LIMIT,
  turnRole,
  type DebatePhase,
  type PromptPassage,
} from "@oystar/debate-engine/protocol";
import { NOTHING_TO_QUOTE, offlineQuotes, quoteSentence } from "./offline-evidence";
import { composeOfflineJudgement } from "./offline-judge";

// DESIGN.md §6: without a language model, the offline model still plays its part in a debate so
// that a whole debate and a synthesis run end to end. It reads the debate's structured call,
// argues its side in Italian from fixed sentences chosen by phase and turn,
// stays within the prompts' rules (at most 800 characters, a question or a proposal at the end,
// no emoticons), and says once per debate that it is the offline model: at turn 0 (for a
// synthesis, the hidden debate's turn 0; its analysis does not repeat it).

/** Options are quoted short, so that a reply stays within the limit whatever the user typed. */
const QUOTE_CHARS = 90;

const ARGUMENTS: Record<DebatePhase, readonly string[]> = {
  opposizione: [
    "«{own}» è la scelta più solida: regge alla prova dei fatti, mentre «{other}» promette più di quanto mantiene.",
    "Chi difende «{other}» sottovaluta i costi nascosti; con «{own}» i benefici sono concreti e si possono misurare.",
    "L'esperienza di casi simili dà ragione a «{own}»: alternative come «{other}» hanno mostrato limiti ricorrenti.",
    "«{other}» funziona solo in condizioni ideali; «{own}» tiene anche quando le cose vanno storte.",
  ],
  riflessione: [
    "Riconosco che «{other}» ha un punto valido, ma quel vantaggio non compensa ciò che «{own}» garantisce.",
    "Gli argomenti a favore di «{other}» dipendono da ipotesi favorevoli; «{own}» regge anche senza di esse.",
    "Ci sono contesti in cui «{other}» conviene, ma sono l'eccezione: di norma «{own}» resta preferibile.",
  ],
  sintesi: [
    "Un punto d'incontro esiste: partire da «{own}» e tenere di «{other}» ciò che ha dimostrato di funzionare.",
    "La soluzione più ragionevole combina le due posizioni: «{own}» come base, «{other}» dove i fatti lo giustificano.",
    "Possiamo accordarci su criteri comuni, come costi, tempi e risultati verificabili, da applicare sia a «{own}» sia a «{other}».",
  ],
};

/** spec 001 §4: Model A affirms its option, Model B negates A's; both seek a synthesis at the end. */
const STANCES: Record<DebatePhase, Record<"A" | "B", string>> = {
  opposizione: { A: "sostengo «{own}».", B: "contesto «{other}»." },
  riflessione: { A: "resto a favore di «{own}».", B: "continuo a preferire «{own}» a «{other}»." },
  sintesi: { A: "cerco un accordo partendo da «{own}».", B: "cerco un accordo senza rinunciare a «{own}»." },
};

/** Each reply ends with a question or a proposal (spec 001 §1). */
const CLOSINGS: Record<DebatePhase, readonly string[]> = {
  opposizione: ["Quali prove concrete porti per sostenere il contrario?", "Come rispondi a questo limite di «{other}»?"],
  riflessione: [
    "In quali condizioni saresti disposto a rivedere la tua posizione?",
    "Quale criterio proponi per decidere tra le due posizioni?",
  ],
  sintesi: [
    "Propongo di provare questa soluzione su piccola scala e di misurarne i risultati: sei d'accordo?",
    "Propongo di fissare insieme tre indicatori per verificarla: quali sceglieresti?",
  ],
};

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;

function fill(template: string, request: { ownOption: string; otherOption: string }) {
  return template.replaceAll("{own}", cutTo(request.ownOption, QUOTE_CHARS)).replaceAll("{other}", cutTo(request.otherOption, QUOTE_CHARS));
}

/**
 * One turn: its place, its stance, an argument and a closing. Argued from documents (issue 26
 * §2), the argument is the passages' own words, quoted with their number; without any, it says so.
 */
function offlineTurn(call: DebateTurnCall, passages?: readonly PromptPassage[]): string {
  const request = { ...call, ...turnRole(call) };
  // A model's n-th turn takes the n-th sentence of its phase, so its turns differ from each other.
  const round = Math.floor(request.turn / 2);
  const parts: string[] = [];
  // Once per debate (issue 12): its first turn.
  if (request.turn === 0) {
    parts.push(`${OFFLINE_MODEL_LABEL}: argomento con frasi preparate, senza un modello linguistico.`);
  }
  // The turn and phase open the reply: no two replies of a debate are the same.
  const where = `Turno ${request.turn + 1} di ${request.length}, fase di ${request.phase}:`;
  const stance = `${where} come Lato ${request.speaker} ${fill(STANCES[request.phase][request.speaker], request)}`;
  const closing = fill(pick(CLOSINGS[request.phase], round + (request.speaker === "B" ? 1 : 0)), request);
  const argument = fill(pick(ARGUMENTS[request.phase], round), request);
  const evidence = passages
    ? offlineQuotes(passages, round, request.ownOption).map((quote, index) => quoteSentence(quote, index === 0))
    : [];
  // Quotes are cut short, so this holds; should a sentence grow, the argument gives way first.
  const fits = (middle: readonly string[]) => [...parts, stance, ...middle, closing].join(" ").length <= PROMPT_REPLY_LIMIT;
  let middle: string[] = passages ? (evidence.length > 0 ? evidence : [NOTHING_TO_QUOTE, argument]) : [argument];
  while (middle.length > 0 && !fits(middle)) middle = middle.slice(0, -1);
  return [...parts, stance, ...middle, closing].join(" ");
}

function offlineAnalysis(request: DebateAnalysisCall): string {
  const a = cutTo(request.options.A, QUOTE_CHARS);
  const b = cutTo(request.options.B, QUOTE_CHARS);
  const times = (speaker: "A" | "B") => {
    const count = request.history.filter((item) => item.speaker === speaker).length;
    return `${count} ${count === 1 ? "volta" : "volte"}`;
  };
  return formatSynthesisAnalysis({
    introduction:
      `Il dibattito su «${cutTo(request.topic, QUOTE_CHARS)}» ha messo a confronto «${a}» (Lato A) e «${b}» (Lato B); ` +
      `ne sono analizzati gli ultimi ${request.history.length} interventi su ${request.length}.`,
    syntheses: [
      {
        title: "Un percorso comune",
        text: `Partire da «${a}» e integrare gli elementi di «${b}» che hanno retto al confronto, verificando i risultati passo dopo passo.`,
        plan: [
          "Entro due settimane: il gruppo di lavoro raccoglie i dati sulla situazione attuale e sui costi delle due opzioni.",
          `Entro un mese: i responsabili definiscono tre indicatori condivisi per misurare gli effetti di «${a}» e di «${b}».`,
          "Entro tre mesi: una sperimentazione su piccola scala applica la soluzione combinata in un solo ambito.",
          "Alla fine della sperimentazione: il gruppo confronta gli indicatori con la situazione iniziale e decide se estendere, correggere o fermare.",
        ],
      },
      {
        title: `Prevale «${a}»`,
        text: `Se i dati confermano i vantaggi indicati dal Lato A, conviene adottare «${a}» e gestirne i limiti con misure mirate.`,
      },
      {
        title: `Prevale «${b}»`,
        text: `Se invece prevalgono i rischi indicati dal Lato B, conviene scegliere «${b}» e recuperare ciò che di utile offriva l'altra posizione.`,
      },
    ],
    conclusions:
      `Negli interventi analizzati il Lato A ha parlato ${times("A")} e il Lato B ${times("B")}. ` +
      "Resta aperta la questione dei costi reali: il primo passo è raccogliere i dati, senza i quali nessuna delle sintesi si può verificare.",
  });
}

/** The offline model's reply to one call of a debate (a turn argued from documents: with its passages). */
export function composeOfflineDebateReply(call: DebateCall, passages?: readonly PromptPassage[]): string {
  switch (call.kind) {
    case "turn":
      return offlineTurn(call, passages);
    case "analysis":
      return offlineAnalysis(call);
    case "judge":
      return composeOfflineJudgement(call);
  }
}
