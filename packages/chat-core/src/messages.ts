// The chat's words (spec 001 §5, §6, §8). Quoted strings of the spec are kept word for word;
// the rest is the spec's meaning in Italian.
export const chatMessages = {
  tokenUnavailable: "Token Auth0 non disponibile. Effettua il login.",
  authenticationError: "Errore di autenticazione: la sessione potrebbe essere scaduta. Ricarica la pagina ed effettua di nuovo il login.",
  llmError: (detail: string) => `Errore di comunicazione con il modello: ${detail}. Verifica che il backend sia attivo e raggiungibile.`,
  firstCharacter: (seconds: number) => `Primo carattere in ${seconds.toFixed(2).replace(".", ",")} s`,
  quotaTitle: "Quota Esaurita!",
  quotaText: "Hai raggiunto il limite di domande del tuo piano.",
} as const;
