/**
 * What callers read when a model call cannot be charged (Italian, as the rest of the product).
 * The quota's own texts (questions and debates exhausted) are planMessages', shared with the apps.
 */
export const debateChargeMessages = {
  unknown: "Dibattito non valido: avvia un nuovo dibattito.",
  finished: "Il dibattito è concluso: avviane uno nuovo.",
  notATurn: "Questa richiesta non è un intervento del dibattito: le domande libere si fanno nella chat.",
  mismatch: "La richiesta non corrisponde al dibattito avviato (durata o modalità diverse): avviane uno nuovo.",
} as const;
