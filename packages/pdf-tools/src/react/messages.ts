// The PDF views' words (spec 001 §2), in one place for review and translation.
export const pdfViewMessages = {
  dropZone: {
    choose: "Carica un PDF",
    hint: "Trascina qui un PDF o fai clic per sceglierlo · Max 100 MB",
    reading: (name: string) => `Lettura di «${name}»...`,
  },
  locked: {
    title: "PDF in chat",
    text: "Analizza verbali, contratti e relazioni in PDF: disponibile con i piani Business ed Enterprise.",
    upgrade: "Scopri Business",
  },
  loaded: {
    label: "PDF in contesto",
    facts: (pages: number, kilobytes: string) => `${pages} ${pages === 1 ? "pagina" : "pagine"} · ${kilobytes}`,
    remove: (name: string) => `Rimuovi ${name}`,
    actions: "Azioni sul documento",
    hint: "Le domande useranno questo PDF come contesto finché non lo rimuovi.",
  },
} as const;
