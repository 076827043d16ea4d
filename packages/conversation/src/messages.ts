// The words every conversation shares when an answer fails (spec 001 §5, §8): the chat's, the
// debate's and RAG's. Quoted strings of the spec are kept word for word.
export const conversationMessages = {
  authenticationError: "Errore di autenticazione: la sessione potrebbe essere scaduta. Ricarica la pagina ed effettua di nuovo il login.",
  llmError: (detail: string) => `Errore di comunicazione con il modello: ${detail}. Verifica che il backend sia attivo e raggiungibile.`,
  /** spec 001 §8: a stalled answer is cut off, and the screen says why. */
  answerIdle: (seconds: number) => `Il modello non ha inviato nulla per ${seconds} secondi: la risposta è stata interrotta.`,
  answerTooLong: (seconds: number) => `La risposta ha superato il limite di ${seconds} secondi ed è stata interrotta.`,
  /** spec 001 §8: the direct model call's stream errors, quoted in English by the spec. */
  streamErrors: {
    llmHttp: (status: number) => `LLM HTTP error! status: ${status}`,
    noReader: "Response body reader not available",
    unknown: "Unknown error",
  },
  /** A stream line that could not be read: its position only, never what it said (no content is logged). */
  unreadableLine: (position: number) => `Riga ${position} dello stream del modello non leggibile: saltata.`,
} as const;
