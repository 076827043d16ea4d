import { OFFLINE_MODEL_LABEL, RAG_CITATION_WARNING } from "@oystar/api-client";
import { llmMessages } from "../llm/messages";
import { pixelSize } from "../ocr/messages";

// What users read from the RAG engine, in one place (CONVENTIONS.md). spec 001 §8 where the spec
// gives the words; the rest in the same voice.

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString("it-IT")} MB`;

export const ragMessages = {
  /** spec 001 §8: the RAG generic error. */
  generic: "Mi dispiace, si è verificato un errore durante l'elaborazione della tua richiesta. Riprova.",
  /** The chat's 504 (llm/messages.ts): the model sent nothing within the first-token guard. */
  modelSilent: llmMessages.upstreamUnavailable,
  planOnly: "Il RAG è riservato ai piani Business o Enterprise.",
  indexUnavailable: (name: string) => `Indice non disponibile: «${name}».`,
  noIndexes: "Nessun indice disponibile per la ricerca.",
  invalidRequest: "Richiesta non valida",
  /** A request's llm_model that is neither a RAG model of spec 001 §9 nor the admin's choice. */
  modelNotAllowed: (model: string) => `Modello LLM non consentito: «${model}».`,
  /** spec 001 §9: Business holds at most 3 indexes, 100 MB in all. */
  indexLimit: (limit: number) => `Hai raggiunto il numero massimo di indici del tuo piano (${limit}).`,
  storageLimit: (limitBytes: number) =>
    `Spazio esaurito: il tuo piano consente al massimo ${megabytes(limitBytes)} di documenti indicizzati.`,
  /** Issue 23 §3: the whole answer when the passages found do not answer the question (and the model is asked to say so). */
  notInDocuments: "Non ho trovato questa informazione nei documenti dell'indice.",
  /** Issue 49 §5: the article asked, cited as a lawyer cites it («art. 2043 c.c.»), is not in the index. */
  articleNotInDocuments: (citation: string) => `L'${citation} non è tra i documenti dell'indice.`,
  /** spec 001 §2: the note kept once when citations do not match their sources. */
  citationWarning: RAG_CITATION_WARNING,
  /** Issue 36 §1: the offline model says what it is once, in the user's words (the spec fixes no text). */
  offlineIntro: `${OFFLINE_MODEL_LABEL}: nessun modello linguistico è collegato, quindi riporto alla lettera i passaggi più pertinenti dei documenti, con le loro fonti.`,
  requestNotFound: "Richiesta di indicizzazione non trovata.",
  /** Issue 34 §2: one index build at a time; the admin's second 'Indicizza' while one runs. */
  buildRunning: "Un'indicizzazione è già in corso: attendi che finisca prima di avviarne un'altra.",
  /** GET …/index of a request with no build running or recorded. */
  buildNotFound: "Nessuna indicizzazione avviata per questa richiesta.",
  /** A build that broke off (the database, not a document): what was written stays whole. */
  buildBrokeOff: "L'indicizzazione si è interrotta per un errore del server: i documenti già indicizzati restano, gli altri no. Riprova.",
  /** GET /api/admin/index-requests?cursor= naming no indexing request. */
  unknownCursor: "cursor non valido: nessuna richiesta di indicizzazione con questo identificativo.",
  requestNotIndexable: "Questa richiesta non contiene indirizzi da indicizzare.",
  adminOnly: "ACCESSO NEGATO: solo l'amministratore può creare indici.",
  /** A RAG request over its 2 MB ceiling (413). */
  tooLarge: "Richiesta troppo grande.",
  indexNameTaken: (name: string) => `Esiste già un indice chiamato «${name}».`,
  /** The source viewer (issue 25): a passage or an original that is missing or another customer's. */
  passageNotFound: "Passaggio non trovato.",
  originalNotFound: "Documento originale non trovato.",

  /** Why a document of an index could not be read (ingestion, the admin's report). */
  documents: {
    unsupported: (filename: string, extensions: readonly string[]) =>
      `«${filename}» non è stato indicizzato: formato non supportato (si leggono ${extensions.join(", ")}). Salvalo in uno di questi formati e caricalo di nuovo.`,
    /** Issue 34, 54 §5: Word, Excel and PowerPoint 97-2003 files (and Excel's binary workbook), by the format they are. */
    oldOfficeFormat: (filename: string, format: string, kind: string, instead: string) =>
      `«${filename}» non è stato indicizzato, formato ${format}: salvalo come ${instead} o come PDF e caricalo di nuovo (i file ${kind} non si leggono).`,
    /** Issue 54 §5: an Office file locked by a password (an encrypted container), a LibreOffice file with one, a locked PDF. */
    passwordProtected: (filename: string) =>
      `«${filename}» non è stato indicizzato, protetto da password: rimuovi la password e caricalo di nuovo.`,
    /** Issue 34 §2: scanned pages are read by OCR, within a bound. */
    tooManyScannedPages: (filename: string, pages: number, max: number) =>
      `«${filename}» non è stato indicizzato: ha ${pages.toLocaleString("it-IT")} pagine scansionate da leggere con l'OCR (massimo ${max}). Dividilo in documenti più piccoli.`,
    emailTooComplex: (filename: string) =>
      `«${filename}» non è stato indicizzato: l'e-mail contiene troppe parti (allegati o messaggi annidati). Salva a parte i suoi allegati e caricali come file.`,
    /** Issue 34 §4: a Word or LibreOffice file is a zip archive, read only within bounds. */
    notAnArchive: (filename: string) =>
      `«${filename}» non è stato indicizzato: il file è danneggiato o non è un documento Office valido. Aprilo con il suo programma, salvalo di nuovo e caricalo.`,
    archiveTooLarge: (filename: string, maxBytes: number, maxEntries: number) =>
      `«${filename}» non è stato indicizzato: una volta decompresso supererebbe ${megabytes(maxBytes)} o ${maxEntries.toLocaleString("it-IT")} file interni. Dividilo in documenti più piccoli o salvalo come PDF.`,
    pdfUnreadable: (filename: string) =>
      `«${filename}» non è stato indicizzato: il PDF è danneggiato o non si legge. Aprilo e salvalo (o stampalo) di nuovo come PDF, poi caricalo.`,
    pdfTooManyPages: (filename: string, pages: number, max: number) =>
      `«${filename}» non è stato indicizzato: il PDF ha troppe pagine (${pages.toLocaleString("it-IT")}; massimo ${max.toLocaleString("it-IT")}). Dividilo in documenti più piccoli.`,
    /** Issue 54 §5: what went wrong is not known (a reader's own failure): the file is still named, and what to try. */
    unreadableFile: (filename: string) =>
      `«${filename}» non è stato indicizzato: il file non si legge. Aprilo con il suo programma, salvalo di nuovo (o come PDF) e caricalo.`,
    /** Issue 33: the bounds on reading one document (reading-limits.ts), each naming the file. */
    tooLong: (filename: string, maxCharacters: number) =>
      `«${filename}» non è stato indicizzato: contiene più di ${maxCharacters.toLocaleString("it-IT")} caratteri di testo, il massimo per un documento. Dividilo in documenti più piccoli.`,
    requestTooLong: (filename: string, maxCharacters: number) =>
      `«${filename}» non è stato indicizzato: con i documenti precedenti la richiesta supererebbe ${maxCharacters.toLocaleString("it-IT")} caratteri di testo in tutto. Indicizzalo con una nuova richiesta.`,
    readingTimedOut: (filename: string, seconds: number) =>
      `«${filename}» non è stato indicizzato: la lettura ha richiesto più di ${seconds === 1 ? "un secondo" : `${seconds} secondi`}. Il file potrebbe essere danneggiato o troppo complesso. Salvalo di nuovo (o come PDF), o dividilo, e caricalo.`,
    readingCrashed: (filename: string) =>
      `«${filename}» non è stato indicizzato: la lettura si è interrotta. Il file potrebbe essere danneggiato. Aprilo con il suo programma, salvalo di nuovo (o come PDF) e caricalo.`,
    readingOutOfMemory: (filename: string) =>
      `«${filename}» non è stato indicizzato: la lettura richiede troppa memoria. Il file potrebbe essere danneggiato o troppo complesso. Salvalo di nuovo (o come PDF), o dividilo, e caricalo.`,
    /** Issue 47 §3: what a folder holds besides its files and folders is not read. */
    symbolicLinkSkipped: "collegamento simbolico ignorato",
    notAPlainFile: "non è un file ordinario: ignorato",
    /** Issue 47 §1: a page that declares a picture past the budget is refused before it is drawn. */
    imageTooLarge: (filename: string, image: { page: number; width: number; height: number }) =>
      `«${filename}» non è stato indicizzato: a pagina ${image.page} un'immagine dichiara ${pixelSize(image)}, troppi per leggerla. Il file potrebbe essere danneggiato o costruito per bloccare la lettura.`,
    httpStatus: (status: number) => `Risposta ${status}`,
  },

  /** The guarded web fetcher's refusals and failures (guarded-fetch.ts), as the admin's report shows them. */
} as const;
