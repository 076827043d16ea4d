// What a customer reads from its library's routes (issue 48, 'I miei documenti'), in one place.

/** Sizes as the page writes them: «12,4 MB». */
export const megabytesOf = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString("it-IT", { maximumFractionDigits: 1, minimumFractionDigits: bytes > 0 && bytes < 10 * 1024 * 1024 ? 1 : 0 })} MB`;

export const libraryMessages = {
  /** Another customer's index, or none by that name: the same words, so names cannot be probed. */
  indexNotFound: "Indice non trovato.",
  documentNotFound: "Documento non trovato.",
  siteNotFound: "Sito non trovato.",
  sameLabel: (label: string) => `Hai già un indice chiamato «${label}».`,
  /** POST …/documents with no file in it. */
  noFiles: "Nessun file ricevuto: scegli uno o più documenti da caricare.",
  /** PUT …/documents/:id takes exactly one file: the document's new version. */
  oneFileOnly: "Per sostituire un documento invia un solo file.",
  notMultipart: "I documenti si caricano come multipart/form-data.",
  tooManyFiles: (max: number) => `Troppi file in un solo invio (massimo ${max.toLocaleString("it-IT")}): caricali in più volte.`,
  /** The upload stopped arriving (a closed laptop): nothing of it was kept. */
  uploadCut: "Il caricamento si è interrotto: nessun file di questo invio è stato salvato. Invialo di nuovo.",
  uploadTooSlow: "Il caricamento si è fermato troppo a lungo: nessun file di questo invio è stato salvato. Invialo di nuovo.",
  invalidPath: "Nome di file non valido.",
  /** Spec 001 §9: the plan's space, checked before a file is kept. */
  overSpace: (path: string, leftBytes: number, limitBytes: number) =>
    `«${path}» non è stato caricato: supera lo spazio rimasto del tuo piano (${megabytesOf(Math.max(0, leftBytes))} liberi di ${megabytesOf(limitBytes)}).`,
  fileTooLarge: (path: string, maxBytes: number) =>
    `«${path}» non è stato caricato: supera ${megabytesOf(maxBytes)}, il massimo per un file.`,
  /** A document whose reading server stopped before it finished: nothing of it was indexed. */
  readingInterrupted: (path: string) =>
    `«${path}» non è stato indicizzato: la lettura si è interrotta (il server si è riavviato). Invialo di nuovo.`,
  /** The same site added twice to an index. */
  siteTaken: "Questo sito è già in questo indice.",
  siteReading: "Questo sito è in lettura: attendi che finisca.",
  /** Issue 48 §4: a site's start page that could not be read at all. */
  siteUnreachable: (reason: string) => `Il sito non è stato letto: ${reason}`,
  siteEmpty: "Il sito non è stato letto: nessuna pagina leggibile sotto questo indirizzo.",
  siteStoppedByServer: "La lettura del sito si è interrotta (il server si è riavviato): riprova con 'Aggiorna ora'.",
} as const;
