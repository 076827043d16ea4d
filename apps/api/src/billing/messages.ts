/** What users read from checkout and the built-in card page. */
export const billingMessages = {
  invalidPlan: "Piano non valido: scegli tra base, pro e business.",
  enterpriseOnRequest: "Il piano Enterprise è su richiesta: scrivici dalla pagina dei contatti.",
  invalidRequest: "Richiesta non valida",
  sessionGone: "Sessione di pagamento inesistente o già pagata.",
  paymentFailed: "Pagamento non riuscito. Riprova.",
  cardHolderMissing: "Inserisci l'intestatario della carta.",
  cardNumberInvalid: "Numero della carta non valido.",
  cardExpiryInvalid: "Data di scadenza non valida.",
  cardCvcInvalid: "CVC non valido.",
  cardDeclined: "Carta rifiutata. Prova con un'altra carta.",
  priceOnRequest: "su richiesta",
} as const;
