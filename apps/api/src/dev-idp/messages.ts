/** What the built-in provider says to a browser or a client (its login page lives in pages.ts). */
export const idpMessages = {
  invalidAuthorize: (fields: string) => `Richiesta di accesso non valida: ${fields}`,
  redirectNotAllowed: "redirect_uri non consentito",
  invalidAvatar: "Avatar non valido",
  crossSiteLogin: "Richiesta di accesso da un altro sito rifiutata.",
  invalidEmail: "Inserisci un indirizzo email valido.",
  invalidTokenRequest: "Richiesta di token non valida",
  unknownClient: "Client sconosciuto",
  invalidCode: "Codice non valido o scaduto",
  pkceFailed: "Verifica PKCE fallita",
  noAccount: "Account inesistente",
  // spec 001 §9: login with username and password is not supported.
  passwordLoginUnsupported: "Login non supportato. Usa Auth0.",
  // Auth0's own wording: the SDK and its users recognise it.
  invalidRefreshToken: "Unknown or invalid refresh token.",
} as const;
