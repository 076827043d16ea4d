import { conversationMessages } from "@oystar/conversation";

// The chat's words (spec 001 §5, §6, §8). Quoted strings of the spec are kept word for word;
// the rest is the spec's meaning in Italian.
export const chatMessages = {
  // A failed answer's words, the list's, the composer's and the actions' are every conversation's (@oystar/conversation).
  ...conversationMessages,
  tokenUnavailable: "Token Auth0 non disponibile. Effettua il login.",
  quotaTitle: "Quota Esaurita!",
  quotaText: "Hai raggiunto il limite di domande del tuo piano.",
  answerStopped: "_(risposta interrotta)_",
  answerCutShort: (reason: string) => `_(${reason})_`,
  resetLocalOnly: "Connessione reimpostata (solo nel browser).",
  advanced: {
    title: "Impostazioni avanzate",
    model: "Modello",
    deepThink: "Deep Think",
    deepThinkDescription: "Ragionamento approfondito: risposte più lente e più meditate (fino a 8000 token).",
    typingDemo: "Demo di scrittura",
  },
  typingDemo: {
    title: "Demo di scrittura",
    description: "Così scrive il modello scelto, un carattere alla volta, alla velocità che imposti.",
    /** Issue 52 §5: which model writes, named as users know it. */
    writer: (model: string) => `Scrive: ${model}`,
    offlineDescription:
      "Nessun modello linguistico è collegato: scrive il modello dimostrativo offline, con una frase di prova, un carattere alla volta alla velocità che imposti.",
    characters: (count: number) => `${count} caratteri`,
    seconds: (seconds: number) => `circa ${seconds} s`,
    speed: "Velocità",
    speedValue: (speed: number) => `${speed} caratteri/s`,
  },
} as const;
