import { RAG_CITATION_WARNING } from "@oystar/api-client";

// The RAG screen's words (spec 001 §2, §8, §9), in one place for review and translation. Quoted
// strings of the spec are kept word for word; the rest is the spec's meaning in Italian.
export const ragMessages = {
  title: "OYSTAR RAG",
  /** spec 001 §1–§2: the collection is an illustrative example about gardens and tourism. */
  disclaimer:
    "Esempio illustrativo: le risposte vengono da una raccolta di documenti su giardini e turismo, scritta per mostrare come OYSTAR risponde con le fonti citate.",
  /** issue 36 §3: above the demo index's example questions on the empty screen; a click asks one. */
  examplesLabel: "Domande di esempio sui documenti",
  /** issue 36 §7: after an answer stopped with Esc (the chat's words). */
  answerStopped: "_(risposta interrotta)_",
  indexInUse: "Indice in uso",
  indexesInUse: "Indici in uso",
  /** spec 001 §9: no index named in the settings means every index. */
  allIndexes: "tutti gli indici",
  noIndexes: "nessun indice disponibile",
  indexLoading: "…",
  indexOption: (label: string, name: string) => (label === name ? name : `${label} (${name})`),

  /** spec 001 §8: the RAG generic error. */
  generic: "Mi dispiace, si è verificato un errore durante l'elaborazione della tua richiesta. Riprova.",
  errorDetail: (detail: string) => `Dettaglio: ${detail}`,
  citationWarning: RAG_CITATION_WARNING,
  summaryLabel: "Riepilogo automatico",

  sources: {
    /** spec 001 §2. */
    title: "Fonti utilizzate",
    source: (number: number) => `Fonte ${number}`,
    page: (page: number) => `p. ${page}`,
    confidence: (percent: number) => `attendibilità ${percent}\u00a0%`,
    /** Issue 23 §4: what the figure measures. */
    confidenceHint:
      "Attendibilità: quanto il passaggio sostiene le frasi che lo citano e quanto risponde alla domanda. È alta solo se sono vere entrambe: una frase copiata da un passaggio che parla d'altro non è attendibile.",
    /** Issue 52 §3: the answer's figure, once, apart from its passages' own. */
    answerReliability: (percent: number) => `Attendibilità della risposta: ${percent}\u00a0%`,
    answerReliabilityHint:
      "La media dei passaggi citati: per ciascuno, quanto sostiene le frasi che lo citano per quanto risponde alla domanda.",
    /** Issue 52 §3: each passage's own figures. */
    retrieval: (percent: number) => `pertinenza ${percent}\u00a0%`,
    retrievalHint: "Pertinenza: il punteggio del passaggio nella ricerca, rispetto al passaggio più pertinente trovato per questa domanda.",
    backing: (percent: number) => `sostegno ${percent}\u00a0%`,
    backingHint: "Sostegno: quanto il passaggio sostiene le frasi della risposta che lo citano.",
    others: (count: number) => (count === 1 ? "Un altro passaggio consultato" : `Altri ${count} passaggi consultati`),
    passage: (number: number) => `Passaggio ${number}`,
    passages: (count: number) => (count === 1 ? "Un passaggio" : `${count} passaggi`),
  },

  /** Issue 25: an answer saved as a PDF, with the passages it rests on. */
  answerPdf: {
    title: "Risposta dai documenti",
    question: (question: string) => `Domanda: ${question}`,
    source: (number: number, title: string, filename: string | null) => `[${number}] ${title}${filename ? ` (${filename})` : ""}`,
    /** `place`: a presentation's slide or a workbook's sheet, where a PDF has its page (issue 34). */
    excerpt: (excerpt: string, page: number | null, place: string | null = null) =>
      `«${excerpt}»${page !== null ? `, pagina ${page}` : place ? `, ${place}` : ""}`,
  },

  /** Issue 23 §6: what runs (GET /api/health), beside what the settings ask for. */
  running: {
    localLexical: "locale (lessicale)",
    on: (name: string) => `Attivo · ${name}`,
    off: "Disattivo",
    askedOn: "Attivo",
    asked: (value: string) => `le impostazioni chiedono ${value}`,
    inUse: (value: string) => `In uso: ${value}`,
    /** Issue 36 §2: a stage that needs a language model, while the demonstration model answers. */
    needsModel: "Richiede un modello linguistico collegato: con il modello dimostrativo offline questa fase non può funzionare.",
    /** A stage the server says cannot run, without its reason. */
    cannotRun: "Questa fase non può funzionare su questo server.",
  },

  context: {
    usage: (percent: number) => `Contesto: ${percent}\u00a0%`,
    usageHint: "Quanto della finestra di contesto (32.000 caratteri) usa la conversazione.",
    /** spec 001 §2, §4: from 90 % a banner, and a summary replaces the conversation. */
    warningTitle: "Contesto quasi esaurito",
    warning: (percent: number) =>
      `La conversazione ha raggiunto il ${percent}\u00a0% del contesto disponibile: le domande precedenti sono state sostituite da un riepilogo automatico.`,
  },

  toolbar: {
    label: "Strumenti del RAG",
    advanced: "Impostazioni avanzate",
    configuration: "Configurazione attuale",
  },

  advanced: {
    title: "Impostazioni avanzate",
    model: "Modello",
    modelHint: "Il modello che scrive la risposta a partire dai documenti trovati.",
  },

  configuration: {
    /** spec 001 §2: the wide right-side panel titled current configuration. */
    title: "Configurazione attuale",
    intro: "Come il RAG cerca e risponde in questo momento. È in sola lettura: la stabilisce l'amministratore.",
    /** Issue 52 §4: what a customer asks of it, in plain words, before the technical names. */
    where: "Dove cerca",
    everywhere: "In tutti i tuoi indici",
    inIndexes: (names: string) => `Nei documenti di ${names}`,
    howMany: "Quante fonti",
    sourcesCount: (final: number, perIndex: number) =>
      `Fino a ${final} ${final === 1 ? "passaggio" : "passaggi"} per risposta, scelti tra i ${perIndex} più vicini alla domanda in ogni indice`,
    whoAnswers: "Chi risponde",
    offlineAnswers:
      "Il modello dimostrativo offline: nessun modello linguistico è collegato, quindi riporta alla lettera i passaggi trovati.",
    citations: "Citazioni",
    citationsChecked: "Ogni frase che cita un documento viene confrontata con il passaggio citato.",
    citationsUnchecked: "Le citazioni non vengono verificate.",
    technical: "Dettagli tecnici",
    /** A stage the settings turn on that this server cannot run: off, and why (issue 36 §2, as the admin's panel says it). */
    cannotRun: (reason: string) => `Disattivo: ${reason}`,
    provider: "Provider",
    /** spec 001 §9. */
    providerLabel: "Private Cloud",
    retrieval: "Ricerca",
    validation: "Verifica delle citazioni",
    conversation: "Conversazione",
    embedModel: "Modello di embedding",
    llmModel: "Modello linguistico",
    topKRetrieval: "Top-K recupero (per indice)",
    topKReranker: "Top-K reranker (finale)",
    useReranker: "Reranker",
    useFusedRetrieval: "Recupero fuso (RRF)",
    enableSpellCheck: "Correzione ortografica",
    useFieldExtraction: "Estrazione dei campi",
    useMultiQuery: "Multi-query",
    maxQueryVariations: (count: number) => `${count} ${count === 1 ? "variante" : "varianti"} al massimo`,
    useHyde: "HyDE",
    useDeduplication: "Deduplicazione",
    useCache: "Cache",
    cacheTtl: (seconds: number) => `durata ${seconds.toLocaleString("it-IT")} s`,
    enableCitationValidation: "Verifica delle citazioni",
    semanticThreshold: "Soglia semantica",
    confidenceThreshold: "Soglia di attendibilità",
    adaptiveValidation: "Verifica adattiva",
    indexNames: "Indici",
    systemPrompt: "Prompt di sistema",
    chatHistoryMaxTokens: "Cronologia massima",
    tokens: (count: number) => `${count.toLocaleString("it-IT")} token`,
    on: "Attivo",
    off: "Disattivo",
    /** spec 001 §2: the footer. */
    source: "Configurazione dalle impostazioni globali dell'amministratore.",
    updatedAt: (date: string) => `Ultimo aggiornamento: ${date}`,
    neverUpdated: "Ultimo aggiornamento: valori predefiniti",
    /** The settings' version: the admin's saves, counted (spec 000 §9, spec 001 §2). */
    version: (version: number) => `Versione ${version.toLocaleString("it-IT")}`,
  },
} as const;
