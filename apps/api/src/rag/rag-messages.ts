import { RAG_CITATION_WARNING } from "@oystar/api-client";

// What users read from the RAG engine, in one place (CONVENTIONS.md). spec 001 §8 where the spec
// gives the words; the rest in the same voice.

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString("it-IT")} MB`;

export const ragMessages = {
  /** spec 001 §8: the RAG generic error. */
  generic: "Mi dispiace, si è verificato un errore durante l'elaborazione della tua richiesta. Riprova.",
  planOnly: "Il RAG è riservato ai piani Business o Enterprise.",
  indexUnavailable: (name: string) => `Indice non disponibile: «${name}».`,
  noIndexes: "Nessun indice disponibile per la ricerca.",
  invalidRequest: "Richiesta non valida",
  /** spec 001 §9: Business holds at most 3 indexes, 100 MB in all. */
  indexLimit: (limit: number) => `Hai raggiunto il numero massimo di indici del tuo piano (${limit}).`,
  storageLimit: (limitBytes: number) => `Spazio esaurito: il tuo piano consente al massimo ${megabytes(limitBytes)} di documenti indicizzati.`,
  noPassages: "Non ho trovato nei documenti indicizzati informazioni pertinenti alla domanda.",
  /** spec 001 §2: the note kept once when citations do not match their sources. */
  citationWarning: RAG_CITATION_WARNING,
  offlineIntro:
    "Sono oystar-offline, il modello offline di OYSTAR: nessun modello linguistico è collegato, quindi riporto alla lettera i passaggi più pertinenti dei documenti, con le loro fonti.",
  summaryIntro: "Riepilogo della conversazione precedente",
  requestNotFound: "Richiesta di indicizzazione non trovata.",
  requestNotIndexable: "Questa richiesta non contiene indirizzi da indicizzare.",
  adminOnly: "ACCESSO NEGATO: solo l'amministratore può creare indici.",
} as const;
