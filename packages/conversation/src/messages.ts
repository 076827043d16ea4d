// The words every conversation shares (spec 001 §2, §4, §5, §8): the chat's, the debate's and
// RAG's — a failed answer, the message list, the composer and an answer's actions. Quoted strings
// of the spec are kept word for word.
export const conversationMessages = {
  authenticationError: "Errore di autenticazione: la sessione potrebbe essere scaduta. Ricarica la pagina ed effettua di nuovo il login.",
  llmError: (detail: string) => `Errore di comunicazione con il modello: ${detail}. Verifica che il backend sia attivo e raggiungibile.`,
  /** spec 001 §8: a stalled answer is cut off, and the screen says why. */
  answerIdle: (seconds: number) => `Il modello non ha inviato nulla per ${seconds} secondi: la risposta è stata interrotta.`,
  /** Issue 35 §2: an answer that could not be taken up again, when the server gave no words of its own. */
  answerGone: "La connessione si è interrotta e questa risposta non si può più riprendere dal server.",
  /** Issue 55 §1: the server was too busy for the question; it is asked again by itself after the wait. */
  busyRetrying: (seconds: number) => `Servizio molto richiesto, riprovo tra ${seconds} s`,
  answerTooLong: (seconds: number) => `La risposta ha superato il limite di ${seconds} secondi ed è stata interrotta.`,
  /** spec 001 §8: the direct model call's stream errors, quoted in English by the spec. */
  streamErrors: {
    llmHttp: (status: number) => `LLM HTTP error! status: ${status}`,
    noReader: "Response body reader not available",
    unknown: "Unknown error",
  },
  /** A stream line that could not be read: its position only, never what it said (no content is logged). */
  unreadableLine: (position: number) => `Riga ${position} dello stream del modello non leggibile: saltata.`,
  /** The kit: the message list, the composer, an answer's actions. */
  firstCharacter: (seconds: number) => `Primo carattere in ${seconds.toFixed(2).replace(".", ",")} s`,
  speechUnsupported: "Text-to-speech non supportato dal browser",
  copied: "Risposta copiata negli appunti.",
  copyFailed: "Non è stato possibile copiare la risposta: selezionala e copiala a mano.",
  sharedByCopy: "Condivisione non supportata da questo browser: la risposta è stata copiata negli appunti.",
  shareFailed: "Condivisione non riuscita.",
  imageNotLoaded: "immagine non caricata",
  /** A citation number in an answer, as a screen reader names its link to the source. */
  citation: (number: number) => `Fonte ${number}`,
  actions: {
    copy: "Copia",
    readAloud: "Leggi ad alta voce",
    stopReading: "Interrompi lettura",
    share: "Condividi",
    downloadPdf: "Scarica PDF",
    /** Issue 50 §4. */
    regenerate: "Rigenera",
    label: "Azioni sulla risposta",
  },
  /** Issue 50 §5: a document in the thread — the chip on the question, the note under its answer. */
  attachment: (name: string, pages: number) => `${name} · ${pages} ${pages === 1 ? "pagina" : "pagine"}`,
  attachmentLabel: "Documento allegato: ",
  basedOn: (name: string) => `Risposta basata su «${name}»`,
  /** Issue 50 §4: an edited question, a regenerated answer, and the versions kept. */
  versions: {
    label: "Versioni",
    position: (number: number, count: number) => `${number} di ${count}`,
    previous: "Versione precedente",
    next: "Versione successiva",
    edit: "Modifica",
    editLabel: "Modifica la domanda",
    send: "Invia di nuovo",
    cancel: "Annulla",
  },
  you: "Tu:",
  assistant: "OYSTAR:",
  composer: {
    label: "Messaggio",
    send: "Invia",
    stop: "Interrompi",
    placeholder: "Scrivi la tua domanda...",
    placeholderBlocked: "Quota esaurita: passa a un piano superiore per continuare",
    placeholderOffline: "Servizio non disponibile, riprova più tardi",
  },
  /** Issue 25: the source viewer, where a citation opens the passage it rests on — a RAG answer's or a debate turn's (issue 38 §1). */
  viewer: {
    /** The sources list: what opening a document or a passage does, for screen readers. */
    openDocument: (title: string) => `Apri ${title} nel visualizzatore delle fonti`,
    openPassage: (number: number, of: number) => `Apri il passaggio ${number} di ${of} nel visualizzatore delle fonti`,
    source: (number: number) => `Fonte ${number}`,
    file: (filename: string) => `File: ${filename}`,
    original: "Apri l'originale",
    originalHint: "si apre in una nuova scheda",
    passagePosition: (number: number, of: number) => `Passaggio ${number} di ${of}`,
    passageNavigation: "Passaggi citati di questo documento",
    previousPassage: "Passaggio precedente",
    nextPassage: "Passaggio successivo",
    pagePosition: (page: number, of: number) => `Pagina ${page} di ${of}`,
    pageNavigation: "Pagine del documento",
    previousPage: "Pagina precedente",
    nextPage: "Pagina successiva",
    pageImage: (page: number) => `Pagina ${page} del documento`,
    loadingPassage: "Caricamento del passaggio…",
    loadingPage: "Caricamento della pagina…",
    /** Around the highlighted text, for screen readers (a <mark> alone is not announced). */
    passageStart: "Inizio del passaggio citato:",
    passageEnd: "Fine del passaggio citato.",
    citedPassage: "Passaggio citato",
    /** Issue 52 §6: a passage of the document the answer read without citing it. */
    uncitedPassage: "Passaggio consultato per la risposta, non citato nel testo.",
    /** Issue 34: an e-mail's header above its passage. */
    emailHeader: "Intestazione dell'e-mail",
    emailFields: { subject: "Oggetto", from: "Da", to: "A", date: "Data" },
    notOnPage: "Il passaggio non è stato ritrovato nel testo di questa pagina: eccolo com'è stato indicizzato.",
    notFound: "Questa fonte non è più disponibile: il documento potrebbe essere stato rimosso dall'indice.",
    failed: "Impossibile aprire la fonte. Controlla la connessione e riprova.",
    pageFailed: "Impossibile mostrare la pagina del PDF. Il passaggio è riportato qui sotto.",
    retry: "Riprova",
  },
} as const;
