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
  newCard: "Nuova carta per l'abbonamento",
  saveCard: "Salva la carta",
  manageInAccount: "Hai già un abbonamento: cambia piano da Il mio account, dove paghi solo la differenza.",
} as const;

/** Issue 51: what 'Abbonamento' in 'Il mio account' answers. */
export const subscriptionMessages = {
  noSubscription: "Non hai un abbonamento attivo da gestire.",
  alreadyCancelled: "L'abbonamento è già disdetto: finirà alla scadenza del periodo pagato.",
  notCancelled: "L'abbonamento non è disdetto: non c'è niente da riattivare.",
  noScheduledChange: "Non c'è un cambio di piano programmato da annullare.",
  paidPlansOnly: "Scegli tra i piani Base, Pro e Business.",
  providerFailed: "Il fornitore dei pagamenti non ha risposto. Riprova tra poco.",
  invoiceNotFound: "Fattura non trovata.",
  nothingToAdvance: "Nessun abbonamento di prova da far scadere.",
  /** An upgrade's charge refused by the bank: the plan has not changed. */
  upgradeDeclined: (plan: string) =>
    `Pagamento rifiutato dalla banca: l'abbonamento resta ${plan}. Aggiorna il metodo di pagamento e riprova.`,
} as const;
