/** What callers read when a request is refused before any feature sees it. */
export const webMessages = {
  bodyTooLarge: "La richiesta è troppo grande.",
  bodyTooSlow: "La richiesta è arrivata troppo lentamente: riprova.",
  jsonOnly: "La richiesta deve essere in formato JSON (Content-Type: application/json).",
  notFound: "Risorsa non trovata",
  methodNotAllowed: "Metodo non consentito",
  hostNotAllowed: "Host non consentito: usa l'indirizzo pubblico del servizio.",
  internal: "Errore interno del server",
  /** The database cannot be reached (a restart, a failover): the request may simply be tried again. */
  databaseUnavailable: "Il servizio non è momentaneamente disponibile: riprova tra poco.",
  badRequest: "Richiesta non valida",
  noBodyExpected: "Questa richiesta non prevede dati: inviala senza contenuto.",
  tooManyRequests: "Troppe richieste: riprova tra un minuto.",
  /** A signed-in account past its limit for a form (account-limit.ts), until its window ends. */
  tooManyFromAccount: (retryAfterSeconds: number) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return `Troppi invii in poco tempo: riprova tra ${minutes === 1 ? "un minuto" : `${minutes} minuti`}.`;
  },
  notBuilt: (app: "marketing" | "assistant") =>
    `L'app ${app} non è ancora stata compilata. Esegui \`pnpm build\` (o \`pnpm start\`, che la compila) e ricarica.`,
};
