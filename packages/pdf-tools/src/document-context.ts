/** A PDF taken into the chat (spec 001 §3: name, text, pages, size in bytes). */
export type LoadedPdf = { name: string; text: string; pages: number; size: number };

/** spec 001 §2: the size shown beside a loaded PDF, in KB. */
export const sizeInKilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("it-IT")} KB`;

export type DocumentAction = "verbale" | "riassunto" | "actions";

/** spec 001 §2: the three actions offered on a loaded PDF, and the request each one sends. */
export const DOCUMENT_ACTIONS: Record<DocumentAction, { label: string; description: string; request: (name: string) => string }> = {
  verbale: {
    label: "Verbale",
    description: "Verbale formale",
    request: (name) =>
      `Redigi il verbale formale del documento «${name}»: data e luogo, partecipanti, ordine del giorno, punti discussi, decisioni prese e prossimi passi. Se un dato manca nel documento, scrivi che non è indicato.`,
  },
  riassunto: {
    label: "Riassunto",
    description: "Riassunto esecutivo",
    request: (name) =>
      `Scrivi un riassunto esecutivo del documento «${name}»: scopo, punti chiave, numeri importanti e conclusioni, in al massimo dieci punti.`,
  },
  actions: {
    label: "Azioni",
    description: "Azioni da intraprendere",
    request: (name) =>
      `Elenca le azioni da intraprendere che emergono dal documento «${name}»: per ognuna cosa fare, chi se ne occupa ed entro quando, se indicati.`,
  },
};
