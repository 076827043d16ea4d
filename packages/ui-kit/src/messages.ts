// User-facing text of the design system, in Italian (spec 000 §2, spec 001 §2).
export const uiMessages = {
  loading: "Caricamento...",
  close: "Chiudi",
  /** spec 001 §2: the debate feedback form's labels for 1..5 stars. */
  starLabels: ["Pessimo", "Scarso", "Discreto", "Buono", "Ottimo"] as const,
  ratingGroup: "Valutazione",
  /** spec 000 §8: a router failure shows this generic screen. */
  unexpectedError: "Unexpected Application Error!",
  reloadPage: "Ricarica Pagina",
} as const;
