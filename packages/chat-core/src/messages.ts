// The chat's words (spec 001 §5, §6, §8). Quoted strings of the spec are kept word for word;
// the rest is the spec's meaning in Italian.
export const chatMessages = {
  tokenUnavailable: "Token Auth0 non disponibile. Effettua il login.",
  authenticationError: "Errore di autenticazione: la sessione potrebbe essere scaduta. Ricarica la pagina ed effettua di nuovo il login.",
  llmError: (detail: string) => `Errore di comunicazione con il modello: ${detail}. Verifica che il backend sia attivo e raggiungibile.`,
  firstCharacter: (seconds: number) => `Primo carattere in ${seconds.toFixed(2).replace(".", ",")} s`,
  quotaTitle: "Quota Esaurita!",
  quotaText: "Hai raggiunto il limite di domande del tuo piano.",
  answerStopped: "_(risposta interrotta)_",
  /** spec 001 §8: a stalled answer is cut off, and the chat says why. */
  answerIdle: (seconds: number) => `Il modello non ha inviato nulla per ${seconds} secondi: la risposta è stata interrotta.`,
  answerTooLong: (seconds: number) => `La risposta ha superato il limite di ${seconds} secondi ed è stata interrotta.`,
  answerCutShort: (reason: string) => `_(${reason})_`,
  /** spec 001 §8: the direct model call's stream errors, quoted in English by the spec. */
  streamErrors: {
    llmHttp: (status: number) => `LLM HTTP error! status: ${status}`,
    noReader: "Response body reader not available",
    unknown: "Unknown error",
  },
  /** A stream line that could not be read: its position only, never what it said (no content is logged). */
  unreadableLine: (position: number) => `Riga ${position} dello stream del modello non leggibile: saltata.`,
  resetLocalOnly: "Connessione reimpostata (solo nel browser).",
  speechUnsupported: "Text-to-speech non supportato dal browser",
  copied: "Risposta copiata negli appunti.",
  copyFailed: "Non è stato possibile copiare la risposta: selezionala e copiala a mano.",
  sharedByCopy: "Condivisione non supportata da questo browser: la risposta è stata copiata negli appunti.",
  shareFailed: "Condivisione non riuscita.",
  imageNotLoaded: "immagine non caricata",
  /** A citation number in an answer, as a screen reader names its link to the source. */
  citation: (number: number) => `Fonte ${number}`,
  actions: {
    copy: "Copia",
    readAloud: "Leggi ad alta voce",
    stopReading: "Interrompi lettura",
    share: "Condividi",
    downloadPdf: "Scarica PDF",
    label: "Azioni sulla risposta",
  },
  you: "Tu:",
  assistant: "OYSTAR:",
  composer: {
    label: "Messaggio",
    send: "Invia",
    stop: "Interrompi",
    placeholder: "Scrivi la tua domanda...",
    placeholderBlocked: "Quota esaurita: passa a un piano superiore per continuare",
    placeholderOffline: "Servizio non disponibile, riprova più tardi",
  },
  advanced: {
    title: "Impostazioni avanzate",
    model: "Modello",
    deepThink: "Deep Think",
    offlineModel: (name: string) => `${name} (modello offline)`,
    deepThinkDescription: "Ragionamento approfondito: risposte più lente e più meditate (fino a 8000 token).",
    typingDemo: "Demo di scrittura",
  },
  typingDemo: {
    title: "Demo di scrittura",
    description: "Così scrive il modello scelto, un carattere alla volta, alla velocità che imposti.",
    characters: (count: number) => `${count} caratteri`,
    seconds: (seconds: number) => `circa ${seconds} s`,
    speed: "Velocità",
    speedValue: (speed: number) => `${speed} caratteri/s`,
  },
} as const;
