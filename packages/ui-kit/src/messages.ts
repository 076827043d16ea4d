// User-facing text of the design system, in Italian (spec 000 §2, spec 001 §2).
export const uiMessages = {
  loading: "Caricamento...",
  close: "Chiudi",
  /** The header's menu button on a phone. */
  menu: "Menu",
  /** A notice's more-to-read, on demand. */
  details: "Dettagli",
  /** spec 001 §2: the debate feedback form's labels for 1..5 stars. */
  starLabels: ["Pessimo", "Scarso", "Discreto", "Buono", "Ottimo"] as const,
  ratingGroup: "Valutazione",
  /** spec 000 §8: a router failure shows this generic screen. */
  unexpectedError: "Unexpected Application Error!",
  reloadPage: "Ricarica Pagina",
  /** spec 000 §8: the chunk load failure (the error's own message, as the spec quotes it). */
  chunkLoadFailed: "Loading chunk failed",
  chunkFailedTitle: "Non è stato possibile caricare la pagina",
  /** Issue 36 §7: the header's theme switch and its three choices. */
  theme: { label: "Tema", auto: "Automatico", light: "Chiaro", dark: "Scuro" },
  chunkFailedText:
    "Forse è appena uscita una nuova versione di OYSTAR, o la connessione si è interrotta. Ricarica la pagina per continuare.",
} as const;
