import type { DebateMode, DebatePhase, Speaker } from "./rules";
import { PROMPT_REPLY_LIMIT } from "./rules";

// spec 001 §1: "Debate prompts exist in three phases (assertive, reflective, synthesis), each for
// the first and the second option, with placeholders for the topic, own option and other option.
// Debate replies must be at most 800 characters, end with a question or a proposal, and contain no
// emoticons." Model A affirms the first option, Model B negates it in favour of the second.

export type PromptPlaceholders = { topic: string; ownOption: string; otherOption: string };

/** The six phase prompts; `{topic}`, `{ownOption}` and `{otherOption}` are filled per turn. */
export const PHASE_PROMPTS: Record<DebatePhase, Record<Speaker, string>> = {
  opposizione: {
    A:
      "Sei il Modello A in un dibattito sul tema «{topic}». Sostieni con decisione la prima opzione: «{ownOption}». " +
      "Fase di opposizione: afferma la tua tesi con argomenti forti e concreti e contesta l'opzione «{otherOption}».",
    B:
      "Sei il Modello B in un dibattito sul tema «{topic}». Sostieni con decisione la seconda opzione: «{ownOption}». " +
      "Fase di opposizione: nega la tesi «{otherOption}», smontane i punti deboli e difendi la tua posizione con argomenti concreti.",
  },
  riflessione: {
    A:
      "Sei il Modello A in un dibattito sul tema «{topic}». Difendi la prima opzione: «{ownOption}». " +
      "Fase di riflessione: riconosci ciò che di valido c'è in «{otherOption}» e spiega in quali condizioni la tua tesi resta la migliore.",
    B:
      "Sei il Modello B in un dibattito sul tema «{topic}». Difendi la seconda opzione: «{ownOption}». " +
      "Fase di riflessione: continua a negare «{otherOption}», ma esamina con onestà gli argomenti avversari e indica dove i loro limiti sono decisivi.",
  },
  sintesi: {
    A:
      "Sei il Modello A in un dibattito sul tema «{topic}». Sei partito dalla prima opzione: «{ownOption}». " +
      "Fase di sintesi: cerca un punto d'incontro con «{otherOption}» e proponi una soluzione concreta che tenga i punti forti di entrambe.",
    B:
      "Sei il Modello B in un dibattito sul tema «{topic}». Sei partito dalla seconda opzione: «{ownOption}». " +
      "Fase di sintesi: valuta la proposta avversaria, correggi ciò che di «{otherOption}» non regge e proponi una sintesi praticabile.",
  },
};

/** spec 001 §1: the rules every debate reply follows. */
const REPLY_RULES =
  `Regole: scrivi in italiano, in prosa, al massimo ${PROMPT_REPLY_LIMIT} caratteri; ` +
  "termina con una domanda o con una proposta; non usare emoticon né emoji; non ripetere ciò che è già stato detto.";

/** spec 001 §2 (SFIDA): one thesis to refute — Model A defends it, Model B refutes it. */
const CHALLENGE_NOTE: Record<Speaker, string> = {
  A: "Modalità sfida: l'utente ha proposto questa tesi perché venga messa alla prova; difendila come farebbe il suo miglior sostenitore.",
  B: "Modalità sfida: l'utente ha proposto una tesi da confutare; il tuo compito è confutarla con argomenti e controesempi.",
};

/** The first turn of a debate, which has nothing to answer yet. */
export const OPENING_INSTRUCTION = "Apri il dibattito: presenta la tua posizione e il tuo argomento più forte.";

/**
 * spec 001 §9: "eight rotating follow-up prompt styles chosen by turn number". Turn t uses style
 * t mod 8, so a model meets every style over a long debate and consecutive turns never share one.
 */
export const FOLLOW_UP_STYLES = [
  "contesta il punto più debole dell'ultimo intervento e porta un argomento nuovo.",
  "porta un esempio concreto o un caso reale che sostenga la tua posizione.",
  "fai emergere una contraddizione o un'ipotesi non dichiarata nel ragionamento avversario.",
  "concedi un punto all'avversario e spiega perché la tua posizione resta più solida.",
  "proponi un criterio per stabilire chi ha ragione e applicalo a entrambe le posizioni.",
  "valuta le conseguenze pratiche delle due posizioni nel lungo periodo.",
  "rispondi alla domanda o alla proposta che ti è stata rivolta, poi rilancia.",
  "riassumi in una frase la posizione avversaria e replica in modo puntuale.",
] as const;

export const followUpStyle = (turn: number) => FOLLOW_UP_STYLES[turn % FOLLOW_UP_STYLES.length] ?? FOLLOW_UP_STYLES[0];

export function fillPrompt(template: string, values: PromptPlaceholders): string {
  return template
    .replaceAll("{topic}", values.topic)
    .replaceAll("{ownOption}", values.ownOption)
    .replaceAll("{otherOption}", values.otherOption);
}

/** The system prompt of one turn, before its brief (see debate-request.ts). */
export function phasePrompt(phase: DebatePhase, speaker: Speaker, mode: DebateMode, values: PromptPlaceholders): string {
  const parts = [fillPrompt(PHASE_PROMPTS[phase][speaker], values)];
  if (mode === "challenge") parts.push(CHALLENGE_NOTE[speaker]);
  parts.push(REPLY_RULES);
  return parts.join("\n");
}

/** A passage as a turn's prompt shows it (issue 26 §2): its number, where it comes from, its words. */
export type PromptPassage = { n: number; title: string; page: number | null; text: string };

/** issue 26 §2: the passages of the customer's documents, numbered, as the turn's prompt lists them. */
export function passageLines(passages: readonly PromptPassage[]): string {
  if (passages.length === 0) return "Passaggi dai documenti: nessun passaggio pertinente trovato per questo turno.";
  const source = (passage: PromptPassage) => (passage.page === null ? passage.title : `${passage.title}, p. ${passage.page}`);
  return [
    "Passaggi dai documenti:",
    ...passages.map((passage) => `[${passage.n}] (${source(passage)}) ${passage.text.replace(/\s+/g, " ").trim()}`),
  ].join("\n");
}

/** issue 26 §2: a side argued from documents supports its claims with their words, cited [n]. */
export function documentRules(passages: number): string {
  if (passages === 0) {
    return "Dibattito basato sui documenti: per questo turno i documenti non offrono passaggi pertinenti; dillo e non inventare citazioni.";
  }
  return (
    "Dibattito basato sui documenti: sostieni le tue affermazioni con citazioni letterali dei passaggi numerati, " +
    `copiate parola per parola tra «» e seguite dal numero del passaggio tra parentesi quadre, per esempio «…» [1] (da 1 a ${passages}). ` +
    "Non citare ciò che i passaggi non dicono e non attribuire a un passaggio più di quanto afferma: ogni citazione viene verificata."
  );
}

export const DOCUMENTS_INSTRUCTION = "Usa questi passaggi come prove: cita parola per parola, tra «» e con il loro numero [n].";
