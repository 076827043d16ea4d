/** What users read from checkout and the built-in card page. */
export const billingMessages = {
  invalidPlan: "Piano non valido: scegli tra base, pro e business.",
  enterpriseOnRequest: "Il piano Enterprise è su richiesta: scrivici dalla pagina dei contatti.",
  invalidRequest: "Richiesta non valida",
  sessionGone: "Sessione di pagamento inesistente o già pagata.",
  paymentFailed: "Pagamento non riuscito. Riprova.",
} as const;
