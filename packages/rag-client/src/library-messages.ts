import type { SiteChanges } from "@oystar/api-client";

// Issue 48, 'I miei documenti': the page's words in one place for review and translation. The
// quoted words of the issue are kept as it gives them.

const count = (n: number, one: string, many: string) => `${n.toLocaleString("it-IT")} ${n === 1 ? one : many}`;

export const libraryMessages = {
  title: "I miei documenti",
  intro: "I tuoi indici: carica i documenti dello studio e il tuo sito, e fai domande su di essi in OYSTAR RAG.",
  /** The spec's index request, for who prefers it done for them. */
  requestIndexing: "Preferisci che lo facciamo noi? Richiedi l'indicizzazione",
  loading: "Caricamento dei tuoi indici…",
  loadFailed: "Impossibile caricare i tuoi indici. Riprova.",
  retry: "Riprova",
  noIndexes: "Non hai ancora nessun indice: creane uno per caricare i tuoi documenti.",
  newIndex: "Nuovo indice",
  newIndexName: "Nome del nuovo indice",
  create: "Crea",
  cancel: "Annulla",
  deleteIndex: "Elimina indice",
  deleteIndexNamed: (label: string) => `Elimina indice ${label}`,
  confirmDeleteIndex: (label: string) => `Eliminare l'indice «${label}» con tutti i suoi documenti? Non si potrà annullare.`,
  confirmDelete: "Elimina",
  indexesCount: (used: number, limit: number) => (limit < 0 ? count(used, "indice", "indici") : `${used} di ${limit} indici`),
  documentsCount: (n: number) => count(n, "documento", "documenti"),
  /** «12,4 MB di 100 MB»: the space the plan gives, and what is used of it. */
  space: (used: string, limit: string) => `${used} di ${limit}`,
  open: "Apri",
  openIndex: (label: string) => `Apri l'indice ${label}`,

  uploadFiles: "Carica documenti",
  uploadFolder: "Carica cartella",
  dropHere: "Trascina qui file o cartelle da caricare",
  uploading: (files: number) => `Invio di ${count(files, "file", "file")} in corso…`,
  uploadFailed: "Il caricamento non è riuscito. Riprova.",
  filter: "Cerca un documento per nome",
  shown: (shown: number, all: number) =>
    `Mostrati ${shown.toLocaleString("it-IT")} di ${all.toLocaleString("it-IT")}: cerca per nome per trovarne altri.`,
  noMatch: "Nessun documento con questo nome.",
  noDocuments: "Nessun documento in questo indice.",
  documents: "Documenti",
  columnPath: "Documento",
  columnSize: "Dimensione",
  columnFormat: "Formato",
  columnState: "Stato",
  columnActions: "Azioni",

  queued: "In coda",
  reading: "Lettura",
  ocrPage: (page: number, pages: number) => `OCR: pagina ${page} di ${pages}`,
  indexed: "Indicizzato",
  passages: (n: number) => count(n, "passaggio", "passaggi"),
  readWithOcr: "letto con OCR",
  refused: (reason: string) => `Rifiutato: ${reason}`,

  openDocument: "Apri",
  replace: "Sostituisci",
  replaceNamed: (path: string) => `Sostituisci ${path}`,
  remove: "Elimina",
  removeNamed: (path: string) => `Elimina ${path}`,
  confirmRemove: (path: string) => `Eliminare «${path}»? Non sarà più citato nelle risposte.`,

  sites: "Siti",
  addSite: "Aggiungi sito",
  siteAddress: "Indirizzo del sito",
  syncNow: "Aggiorna ora",
  syncNamed: (url: string) => `Aggiorna ora ${url}`,
  siteWaiting: "In attesa di lettura",
  siteReading: "Lettura del sito in corso…",
  sitePages: (n: number) => count(n, "pagina", "pagine"),
  siteRead: (when: string, changes: SiteChanges | null) => `Letto il ${when}${changes ? ` — ${siteChanges(changes)}` : ""}`,
  siteFailed: (error: string) => error,
} as const;

/** «3 pagine nuove, 1 modificata, 2 rimosse», or that nothing changed. */
export function siteChanges({ added, changed, removed }: SiteChanges): string {
  const parts = [
    added ? count(added, "pagina nuova", "pagine nuove") : null,
    changed ? `${changed.toLocaleString("it-IT")} ${changed === 1 ? "modificata" : "modificate"}` : null,
    removed ? `${removed.toLocaleString("it-IT")} ${removed === 1 ? "rimossa" : "rimosse"}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "nessuna modifica";
}
