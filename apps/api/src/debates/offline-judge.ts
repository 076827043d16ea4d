import type { DebateJudgeCall } from "@oystar/api-client";
import {
  formatJudgeRun,
  latoOf,
  quoteTally,
  replyMeasure,
  shareScore,
  type CriterionScore,
  type JudgedSide,
  type Lato,
  type Speaker,
} from "@oystar/debate-engine/protocol";

// issue 26 §1: without a language model the judge says so, and scores only what can be measured
// in the text — whether each turn took up the question the previous turn asked ('Replica', a
// lexical measure), and the verified quotes ('Prove', in a debate argued from documents: issue 26
// §2, the verdicts the server sealed). Logic and persuasiveness need a reader: they are left
// unscored ('n.d.'), never made up.

const NOTE =
  "Modello dimostrativo offline: nessun modello linguistico è collegato. Non valuta logica e persuasività, " +
  "che richiedono un modello; misura soltanto quanto ogni lato riprende la domanda del turno precedente e quante citazioni verificate porta.";

const UNMEASURED = "Non misurabile senza un modello linguistico.";

/**
 * 'Prove': the verified quotes, and nothing else (issue 26 §2). One verified quote per turn is
 * full marks; quotes not found or not supporting their sentence earn nothing.
 */
function proveScore(call: DebateJudgeCall, side: Speaker): CriterionScore {
  const { verified, quoted, turns } = quoteTally(call.history)[side];
  if (!call.documents)
    return {
      score: null,
      motivation: `Citazioni verificate: ${verified}; il dibattito non si basa su documenti, quindi le prove non si possono contare.`,
    };
  if (turns === 0) return { score: null, motivation: "Nessun intervento da valutare." };
  return {
    score: shareScore(Math.min(verified, turns), turns),
    motivation: `Citazioni verificate: ${verified} su ${quoted} in ${turns} ${turns === 1 ? "turno" : "turni"} (conta solo le citazioni trovate nei passaggi e a sostegno della frase).`,
  };
}

function measuredSide(call: DebateJudgeCall, side: Speaker): JudgedSide {
  const reply = replyMeasure(call.history, call.options)[side];
  return {
    criteria: {
      logica: { score: null, motivation: UNMEASURED },
      prove: proveScore(call, side),
      persuasivita: { score: null, motivation: UNMEASURED },
      replica:
        reply.asked === 0
          ? { score: null, motivation: "Nessuna domanda dell'altro lato a cui rispondere." }
          : {
              score: shareScore(reply.answered, reply.asked),
              motivation: `Riprende la domanda del turno precedente in ${reply.answered} ${reply.answered === 1 ? "turno" : "turni"} su ${reply.asked} (misura sulle parole usate).`,
            },
    },
    strongest: null,
    weakest: null,
  };
}

/**
 * The offline judge's answer to one run, in the judge's format, the sides as that run's 'Lato'.
 * Issue 36 §1: no verdict — a word-overlap 'Replica' and a count of quotes cannot say who argued
 * better, so it names no winner and the leaderboard records nothing from it.
 */
export function composeOfflineJudgement(call: DebateJudgeCall): string {
  const lato = (side: Speaker): Lato => latoOf(call.run, side);
  const sides = { [lato("A")]: measuredSide(call, "A"), [lato("B")]: measuredSide(call, "B") } as Record<Lato, JudgedSide>;
  return formatJudgeRun({ offlineNote: NOTE, sides, verdict: null });
}
