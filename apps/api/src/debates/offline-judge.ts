import type { DebateJudgeCall } from "@oystar/api-client";
import {
  formatJudgeRun,
  latoOf,
  quoteTally,
  replyMeasure,
  type CriterionScore,
  type JudgedSide,
  type Lato,
  type Speaker,
} from "@oystar/debate-engine/protocol";

// issue 26 §1, issue 52 §1: without a language model the judge says so and gives no score at all
// ('n.d.' on every criterion): logic, evidence, persuasiveness and rebuttal need a reader, and a
// count of words or quotes is not a grade. What it can count is said in each motivation — how
// often a side took up the question the previous turn asked, how many of its quotes the server
// verified (issue 26 §2) — as a fact beside the 'n.d.', never as a number out of ten.

const NOTE =
  "Modello dimostrativo offline: nessun modello linguistico è collegato, quindi non dà voti. " +
  "Logica, prove, persuasività e replica richiedono un lettore; sotto ogni criterio c'è solo ciò che si può contare nel testo.";

const UNMEASURED = "Non valutabile senza un modello linguistico.";

/** 'Prove': the verified quotes counted, not graded (issue 26 §2: only quotes the server sealed). */
function proveCount(call: DebateJudgeCall, side: Speaker): CriterionScore {
  const { verified, quoted, turns } = quoteTally(call.history)[side];
  if (!call.documents)
    return { score: null, motivation: `${UNMEASURED} Il dibattito non si basa su documenti: nessuna citazione da contare.` };
  if (turns === 0) return { score: null, motivation: "Nessun intervento da valutare." };
  return {
    score: null,
    motivation: `${UNMEASURED} Citazioni verificate: ${verified} su ${quoted} in ${turns} ${turns === 1 ? "turno" : "turni"} (contano solo quelle trovate nel passaggio e pertinenti alla frase).`,
  };
}

/** 'Replica': how often the side took up the other side's question, counted on the words, not graded. */
function replyCount(call: DebateJudgeCall, side: Speaker): CriterionScore {
  const reply = replyMeasure(call.history, call.options)[side];
  if (reply.asked === 0) return { score: null, motivation: "Nessuna domanda dell'altro lato a cui rispondere." };
  return {
    score: null,
    motivation: `${UNMEASURED} Riprende la domanda del turno precedente in ${reply.answered} ${reply.answered === 1 ? "turno" : "turni"} su ${reply.asked} (conteggio sulle parole usate).`,
  };
}

function measuredSide(call: DebateJudgeCall, side: Speaker): JudgedSide {
  return {
    criteria: {
      logica: { score: null, motivation: UNMEASURED },
      prove: proveCount(call, side),
      persuasivita: { score: null, motivation: UNMEASURED },
      replica: replyCount(call, side),
    },
    strongest: null,
    weakest: null,
  };
}

/**
 * The offline judge's answer to one run, in the judge's format, the sides as that run's 'Lato'.
 * Issue 36 §1: no verdict — with no score there is nothing the verdict's rule could count, so it
 * names no winner and the leaderboard records nothing from it.
 */
export function composeOfflineJudgement(call: DebateJudgeCall): string {
  const lato = (side: Speaker): Lato => latoOf(call.run, side);
  const sides = { [lato("A")]: measuredSide(call, "A"), [lato("B")]: measuredSide(call, "B") } as Record<Lato, JudgedSide>;
  return formatJudgeRun({ offlineNote: NOTE, sides, verdict: null });
}
