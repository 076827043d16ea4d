// The PDF tools' words (spec 001 §8), in one place for review and translation.
export const pdfMessages = {
  title: "OYSTAR AI — risposta",
  titleWithDocument: (documentName: string) => `OYSTAR AI — ${documentName}`,
  footer: (page: number, pages: number, date: Date) =>
    `Pagina ${page} di ${pages} · OYSTAR AI · ${date.toLocaleDateString("it-IT", { timeZone: "UTC" })}`,
  generationFailed: "Errore durante la generazione del PDF",
} as const;
