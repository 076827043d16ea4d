/** What callers of the LLM gateway read (Italian, as the rest of the product). */
export const llmMessages = {
  upstreamUnavailable: "Il modello non risponde. Riprova tra poco.",
  conversationTooLong: "La conversazione è troppo lunga: accorciala o inizia una nuova chat.",
  invalidRequest: "Richiesta non valida",
  /** A stale page still sending a debate's turns to the chat gateway. */
  debateReloadPage: "Il dibattito è stato aggiornato: ricarica la pagina per continuare.",
  invalidReset: "Richiesta di reset non valida",
  offlineReset: "Connessione reimpostata: modello offline pronto.",
  offlineResetAction: "Modello offline oystar-offline pronto",
  reset: "Connessione reimpostata.",
  resetFailed: "Il servizio del modello non risponde.",
  resetCheck: (reachable: boolean) => `Verifica del servizio del modello: ${reachable ? "raggiungibile" : "non raggiungibile"}`,
  resetModel: (model: string) => `Modello richiesto: ${model}`,
} as const;
