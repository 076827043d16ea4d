/**
 * What callers read when a debate's call cannot be charged (Italian, as the rest of the product).
 * The quota's own texts (questions and debates exhausted) are planMessages', shared with the apps.
 */
export const debateChargeMessages = {
  unknown: "Dibattito non valido: avvia un nuovo dibattito.",
  finished: "Il dibattito è concluso: avviane uno nuovo.",
  mismatch: "La richiesta non corrisponde al dibattito avviato (durata o modalità diverse): avviane uno nuovo.",
  outOfOrder: "Questo turno del dibattito è già stato superato: avviane uno nuovo.",
  /** A page from before debate calls were structured still sends turns as questions with the id. */
  reloadPage: "Il dibattito è stato aggiornato: ricarica la pagina per continuare.",
} as const;
