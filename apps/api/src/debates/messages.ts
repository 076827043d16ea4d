import { waitInMinutes } from "../web/messages";

/**
 * What callers read when a debate's call cannot be charged (Italian, as the rest of the product).
 * The quota's own texts (questions and debates exhausted) are planMessages', shared with the apps.
 */
export const debateChargeMessages = {
  unknown: "Dibattito non valido: avvia un nuovo dibattito.",
  finished: "Il dibattito è concluso: avviane uno nuovo.",
  mismatch: "La richiesta non corrisponde al dibattito avviato (durata, modalità o modelli diversi): avviane uno nuovo.",
  /** issue 26 §1: the judge reads a debate once its last turn has been asked. */
  notOver: "Il giudice valuta solo un dibattito concluso: mancano dei turni.",
  /** The screen names a judge the admin has since changed: the scorecard would name the wrong one. */
  judgeChanged: "Il modello giudice è stato cambiato dall'amministratore: ricarica la pagina.",
  /** issue 26 §3: the user's vote on a debate. */
  voteTwice: "Hai già votato questo dibattito.",
  voteTooEarly: "Si può votare solo un dibattito concluso.",
  adminOnly: "Solo l'amministratore può vedere la classifica dei modelli.",
  /** issue 26 §2: 'Basati sui documenti' is for the plans with RAG. */
  documentsPlanOnly: "I dibattiti basati sui documenti sono riservati ai piani Business o Enterprise.",
  /** A judge's call whose quotes' verdicts are not the server's own (changed, or of another turn). */
  quotesNotSealed: "Le verifiche delle citazioni non corrispondono al dibattito: avviane uno nuovo.",
  /** The passages of a turn could not be retrieved: the turn is not charged. */
  retrievalFailed: "Non è stato possibile cercare nei documenti: riprova con 'Prossimo'.",
  outOfOrder: "Questo turno del dibattito è già stato superato: avviane uno nuovo.",
  /** issue 33 §2: a call past the next position (a turn skipped, or one the model has not answered yet). */
  skipped: "I turni del dibattito vanno giocati in ordine: il turno precedente non ha ancora avuto risposta.",
  /** issue 33 §2: an account past its judge runs or votes for now (web/account-limit.ts). */
  tooManyJudgeRuns: (retryAfterSeconds: number) =>
    `Troppe richieste al giudice in poco tempo: riprova tra ${waitInMinutes(retryAfterSeconds)}.`,
  /** issue 47 §5: debates started by one account, as for the other writing routes. */
  tooManyStarts: (retryAfterSeconds: number) => `Troppi dibattiti avviati in poco tempo: riprova tra ${waitInMinutes(retryAfterSeconds)}.`,
  tooManyVotes: (retryAfterSeconds: number) => `Troppi voti in poco tempo: riprova tra ${waitInMinutes(retryAfterSeconds)}.`,
} as const;
