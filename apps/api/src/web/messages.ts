/** How long until a window ends, in the words of a 429: 'un minuto', '5 minuti'. */
export function waitInMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "un minuto" : `${minutes} minuti`;
}

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
  tooManyFromAccount: (retryAfterSeconds: number) => `Troppi invii in poco tempo: riprova tra ${waitInMinutes(retryAfterSeconds)}.`,
  notBuilt: (app: "marketing" | "assistant") =>
    `L'app ${app} non è ancora stata compilata. Esegui \`pnpm build\` (o \`pnpm start\`, che la compila) e ricarica.`,
};

/** Why a page to index could not be fetched (guarded-fetch.ts), as the admin's report says it. */
export const fetchMessages = {
  invalidUrl: (url: string) => `Indirizzo non valido: ${url}`,
  httpOnly: (protocol: string) => `Solo indirizzi http o https: ${protocol}`,
  credentials: "Indirizzi con credenziali non consentiti",
  zonedIpv6: "Indirizzi IPv6 con zona non consentiti",
  unresolved: (host: string) => `Nome non risolto: ${host}`,
  blocked: (host: string, problem: string) => `Indirizzo bloccato (${host}): ${problem}`,
  invalidAddress: (address: string) => `indirizzo non valido: ${address}`,
  embeddedIpv4: (address: string) => `indirizzo IPv6 con IPv4 incorporato non consentito: ${address}`,
  notPublic: (range: string, address: string) => `indirizzo non pubblico (${range}): ${address}`,
  tooManyRedirects: (max: number) => `Troppi reindirizzamenti (massimo ${max})`,
  /** Issue 48 §4: a site's page that redirects out of the site is not followed. */
  redirectOutside: (url: string) => `Reindirizzamento fuori dal sito non seguito: ${url}`,
  tooLarge: (maxBytes: number) => `Pagina troppo grande (oltre ${maxBytes} byte)`,
  timedOut: "Tempo scaduto",
} as const;
