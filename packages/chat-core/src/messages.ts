import { conversationMessages } from "@oystar/conversation";

// The chat's words (spec 001 §5, §6, §8). Quoted strings of the spec are kept word for word;
// the rest is the spec's meaning in Italian.
export const chatMessages = {
  // A failed answer's words are every conversation's (@oystar/conversation).
  ...conversationMessages,
  tokenUnavailable: "Token Auth0 non disponibile. Effettua il login.",
  firstCharacter: (seconds: number) => `Primo carattere in ${seconds.toFixed(2).replace(".", ",")} s`,
  quotaTitle: "Quota Esaurita!",
  quotaText: "Hai raggiunto il limite di domande del tuo piano.",
  answerStopped: "_(risposta interrotta)_",
  answerCutShort: (reason: string) => `_(${reason})_`,
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
