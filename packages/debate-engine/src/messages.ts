// The debate's words (spec 001 §2, §5, §8). Quoted strings of the spec are kept word for word;
// the rest is the spec's meaning in Italian. The quota card's texts are planMessages'
// (@oystar/plans-and-gates), shared with the server's 429 answer.
export const debateMessages = {
  emptyTopic: "Inserisci un tema per la discussione!",
  error: (message: string) => `❌ Errore: ${message}`,
  resetFailed: "❌ Errore reset!",
  resetDone: "Connessione reimpostata.",
  synthesisFailed: "Errore durante la generazione della sintesi",
  analysisFailed: "Errore durante l'analisi del dibattito",
  nothingToSave: "Nessun dibattito da salvare!",
  noResponseTitle: "Il modello non ha risposto",
  noResponseText: "Il dibattito può continuare con il prossimo intervento.",
  unknownError: "Errore sconosciuto",
  modelLabel: { A: "Modello A", B: "Modello B" },
  phaseLabel: { opposizione: "Opposizione", riflessione: "Riflessione", sintesi: "Sintesi" },
  modeLabel: { debate: "dibattito", synthesis: "sintesi", challenge: "sfida" },
  /** spec 001 §2: the synthesis progress bar. */
  turnsCompleted: (done: number, total: number) => `${done}/${total} turni completati`,
  synthesisPhaseText: {
    preparing: "Preparazione del dibattito",
    opposizione: "Dibattito nascosto: fase di opposizione",
    riflessione: "Dibattito nascosto: fase di riflessione",
    sintesi: "Dibattito nascosto: fase di sintesi",
    analysing: "Analisi dell'ultimo terzo del dibattito",
  },
  /** spec 001 §5 (challenge): Model B defends the negation of the thesis to refute. */
  challengeCounterThesis: (thesis: string) => `Non è vero che ${thesis.charAt(0).toLowerCase()}${thesis.slice(1)}`,
  /** A one-word topic cannot be split in half: the other side is its opposite. */
  oneWordCounterThesis: (word: string) => `Contro ${word}`,
} as const;
