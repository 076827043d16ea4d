/** What callers read from 'I miei dati' and 'Elimina account' (issue 36 §8). */
export const accountMessages = {
  confirmationMissing: "Per eliminare l'account conferma con «ELIMINA IL MIO ACCOUNT».",
  subscriptionNotCancelled:
    "Non è stato possibile annullare l'abbonamento presso il servizio di pagamento: l'account non è stato eliminato. Riprova tra poco.",
} as const;
