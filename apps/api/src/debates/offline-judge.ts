import type { DebateJudgeCall } from "@oystar/api-client";
import { formatJudgeRun, latoOf, replyMeasure, shareScore, verifiedQuotes, type JudgedSide, type Lato, type LatoVerdict, type Speaker } from "@oystar/debate-engine";

// issue 26 §1: without a language model the judge says so, and scores only what can be measured
// in the text — whether each turn took up the question the previous turn asked ('Replica', a
// lexical measure), and the verified quotes ('Prove': none until debates are argued from
// documents). Logic and persuasiveness need a reader: they are left unscored ('n.d.'), never made up.

const NOTE =
  "Nessun modello linguistico è collegato: questo è il giudice offline di OYSTAR. Non valuta logica e persuasività, " +
  "che richiedono un modello; misura soltanto quanto ogni lato riprende la domanda del turno precedente e quante citazioni verificate porta.";

const UNMEASURED = "Non misurabile senza un modello linguistico.";

function measuredSide(call: DebateJudgeCall, side: Speaker): JudgedSide {
  const reply = replyMeasure(call.history, call.options)[side];
  const quotes = verifiedQuotes(call.history)[side];
  return {
    criteria: {
      logica: { score: null, motivation: UNMEASURED },
      // issue 26 §2 will argue debates from documents; until then there is nothing to count.
      prove: { score: null, motivation: `Citazioni verificate: ${quotes}; il dibattito non si basa su documenti, quindi le prove non si possono contare.` },
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

/** The side that took up more of the questions it was asked (as a share); equal shares: Parità. */
function measuredVerdict(call: DebateJudgeCall): Speaker | "tie" {
  const measure = replyMeasure(call.history, call.options);
  const share = (side: Speaker) => (measure[side].asked === 0 ? null : measure[side].answered / measure[side].asked);
  const [a, b] = [share("A"), share("B")];
  if (a === null || b === null || a === b) return "tie";
  return a > b ? "A" : "B";
}

/** The offline judge's answer to one run, in the judge's format, the sides as that run's 'Lato'. */
export function composeOfflineJudgement(call: DebateJudgeCall): string {
  const lato = (side: Speaker): Lato => latoOf(call.run, side);
  const sides = { [lato("A")]: measuredSide(call, "A"), [lato("B")]: measuredSide(call, "B") } as Record<Lato, JudgedSide>;
  const winner = measuredVerdict(call);
  const verdict: LatoVerdict = winner === "tie" ? "tie" : lato(winner);
  return formatJudgeRun({ offlineNote: NOTE, sides, verdict });
}
