// The PDF tools' words (spec 001 §2, §5, §8), in one place for review and translation.
export const pdfMessages = {
  title: "OYSTAR AI — risposta",
  titleWithDocument: (documentName: string) => `OYSTAR AI — ${documentName}`,
  footer: (page: number, pages: number, date: Date, product = "OYSTAR AI") =>
    `Pagina ${page} di ${pages} · ${product} · ${date.toLocaleDateString("it-IT", { timeZone: "UTC" })}`,
  // spec 001 §8: the first when the document cannot be written as it is and its simplified text
  // is tried, the second when that fails too.
  generationFallback: "Errore nella generazione del PDF...",
  generationFailed: "Errore durante la generazione del PDF",
  downloadFailed: "Errore durante il download del PDF",
  /** Issue 50 §6: a task list's boxes, in words (the PDF's fonts have no box). */
  taskDone: "(fatto) ",
  taskOpen: "(da fare) ",
  /** Issue 50 §6: a question above its answer, a whole conversation. */
  question: "Domanda",
  answer: "Risposta",
  you: "Tu",
  assistant: "OYSTAR",
  attachment: (name: string, pages: number) => `Documento allegato: ${name} (${pages} ${pages === 1 ? "pagina" : "pagine"})`,
  basedOn: (name: string) => `Risposta basata su «${name}»`,
  conversationFileName: (title: string, day: string) => `OYSTAR_${title || "conversazione"}_${day}.pdf`,

  // Loading a PDF into the chat.
  onlyPdf: "Sono supportati solo file PDF.",
  dropPdf: "Trascina un file PDF",
  tooLarge: (megabytes: number) => `File troppo grande: ${megabytes} MB. Il massimo è 100 MB.`,
  tooManyPages: (pages: number) => `Il PDF è troppo grande: ${pages} pagine (massimo 1000).`,
  passwordProtected: "Il PDF è protetto da password: rimuovi la protezione e caricalo di nuovo.",
  loadTimeout: "Timeout nel caricamento del PDF: il file non è stato letto entro 30 secondi.",
  parseTimeout: "Timeout nell'analisi del PDF: il documento non è stato aperto entro 30 secondi.",
  extractionFailed: "Impossibile estrarre il testo dal PDF: il file potrebbe essere danneggiato.",
  uploadFailed: (detail: string) => `Errore durante il caricamento del PDF: ${detail}`,
  truncatedAlert:
    "Il documento supera i 100.000 caratteri ed è stato troncato: l'assistente ne leggerà solo la prima parte. Per documenti lunghi usa OYSTAR RAG.",
  truncatedNote:
    "[Documento troncato a 100.000 caratteri. Per analizzare documenti lunghi nella loro interezza usa la funzione RAG di OYSTAR.]",
  ocrTruncatedAlert:
    "Il testo estratto con l'OCR supera i 100.000 caratteri (circa 2500 caratteri per pagina, quindi circa 40 pagine) ed è stato troncato.",

  // OCR (spec 001 §2, §8).
  ocrQuestionTitle: "PDF scansionato",
  ocrQuestion: (name: string) =>
    `«${name}» contiene pochissimo testo: sembra una scansione. Vuoi estrarre il testo con l'OCR? Può richiedere 1-2 minuti.`,
  ocrConfirm: "Sì, estrai testo",
  ocrCancel: "No, annulla",
  ocrRunning: "Estrazione del testo con l'OCR in corso: può richiedere 1-2 minuti...",
  ocrFailed: (message: string) => `❌ Errore OCR: ${message}`,
  ocrNoFile: "Nessun file PDF da processare",
  ocrHttpFailed: (status: number) => `OCR failed: ${status}`,
} as const;
