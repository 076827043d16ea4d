import { ASSISTANT_PATHS, OFFLINE_MODEL_LABEL } from "@oystar/api-client";

// The assistant's words (spec 001 §1–§2), in one place for review and translation.
export const messages = {
  productName: "OYSTAR",
  tagline: "AI built for privacy",
  modulesLabel: "Moduli",
  modules: [
    { path: ASSISTANT_PATHS.chat, label: "OYSTAR AI" },
    { path: ASSISTANT_PATHS.debate, label: "OYSTAR Debate" },
    { path: ASSISTANT_PATHS.rag, label: "OYSTAR RAG" },
  ],
  version: (version: string) => `v${version}`,
  openAdvanced: "Apri le impostazioni avanzate",
  clearChat: "Nuova chat",
  /** DESIGN.md §6: the notice every module shows while no model is connected; the details per module. */
  // Issue 36 §1: said once per screen, in the user's words; how to connect a model is the admin's (README).
  offlineModel: { title: OFFLINE_MODEL_LABEL, summary: "nessun modello linguistico collegato." },
  chat: {
    title: "OYSTAR AI",
    description: "Un'AI privata: le tue conversazioni restano in questo browser, il server non le conserva.",
    offlineModelText:
      "Le risposte mostrano come funziona la chat ma non rispondono alla domanda: di un documento allegato riportano solo l'inizio.",
  },
  debate: {
    title: "OYSTAR Debate",
    description: "Due modelli sostengono tesi opposte, a turni, fino a una sintesi finale.",
    offlineModelText:
      "I due lati sono scritti dallo stesso modello dimostrativo, che difende la sua tesi con frasi preparate, senza ragionarci; il giudice misura ciò che può, ma non assegna la vittoria.",
  },
  rag: {
    title: "OYSTAR RAG",
    offlineModelText:
      "Le risposte riportano alla lettera le frasi più pertinenti dei documenti, ognuna con la sua fonte, senza ragionarci.",
  },
  settings: {
    open: "Impostazioni globali",
    title: "Impostazioni globali",
    scope: "Applicate a tutti gli utenti.",
    /** Issue 36 §1: only the admin reads how to connect a real model (the users read the demonstration label). */
    offlineModelTitle: OFFLINE_MODEL_LABEL,
    offlineModelHowTo:
      "Gli utenti ricevono risposte dimostrative. Per collegare un modello vero imposta LLM_BASE_URL (e LLM_API_KEY) sul server e riavvialo; i dettagli sono nel README.",
    save: "Salva",
    saving: "Salvataggio...",
    reset: "Valori Ottimali",
    resetQuestion: "Ripristinare i valori ottimali?",
    resetConfirm: "Sì, ripristina",
    cancel: "Annulla",
    defaultsRestored: "Valori ottimali ripristinati: premi Salva per applicarli a tutti gli utenti.",
    saved: "Impostazioni salvate! Tutti gli utenti useranno queste configurazioni.",
    saveFailed: "Errore nel salvataggio delle impostazioni",
    loadFailed: "Impostazioni non disponibili: sono mostrati i valori predefiniti.",
    indexesHint: "Nessun indice scelto = tutti gli indici.",
    indexesUnavailable: "Elenco degli indici non disponibile: restano quelli attuali.",
    noIndexes: "Nessun indice disponibile: resta quello attuale.",
  },
  webVitals: {
    title: "Prestazioni delle pagine",
    scope: "75° percentile per pagina, dalle misure dei browser: nessun utente, nessun indirizzo.",
    page: "Pagina",
    samples: (count: number) => (count === 1 ? "1 misura" : `${count} misure`),
    empty: "Nessuna misura ancora.",
    loadFailed: "Prestazioni non disponibili.",
  },
  /** issue 26 §3: the model leaderboard, from the judge's verdicts and the users' votes. */
  leaderboard: {
    title: "Classifica dei modelli",
    scope:
      "Un punteggio Elo per modello (si parte da 1000) dai verdetti del giudice e dalle risposte degli utenti a «Chi ti ha convinto di più?». Si conservano solo i nomi dei modelli e i conteggi, nessun testo dei dibattiti.",
    position: "Posizione",
    model: "Modello",
    rating: "Elo",
    judge: "Verdetti del giudice",
    votes: "Voti degli utenti",
    outcomes: ({ wins, draws, losses }: { wins: number; draws: number; losses: number }) => `${wins} vinti · ${draws} pari · ${losses} persi`,
    offlineTitle: "Dibattiti argomentati dal modello offline",
    offlineScope: "Senza un modello collegato ha parlato il modello offline al posto di questi: i loro risultati restano a parte.",
    empty: "Nessun dibattito valutato ancora.",
    loadFailed: "Classifica non disponibile.",
  },
  /** The admin's indexing requests (spec 000 §5), turned into indexes from the global settings. */
  indexRequests: {
    title: "Richieste di indicizzazione",
    scope: "Le richieste dei clienti non ancora diventate un indice: «Indicizza» scarica gli indirizzi e crea l'indice del cliente.",
    empty: "Nessuna richiesta in attesa.",
    loadFailed: "Richieste non disponibili.",
    /** issue 22: who the index will be for — the account that sent the request, not the email typed in. */
    account: (email: string | null, planName: string) => `Account: ${email ?? "senza email"} · piano ${planName}`,
    unverified: "Email non verificata",
    noAccount: "Account non più esistente: la richiesta non può essere indicizzata.",
    contact: (email: string) => `Contatto indicato: ${email}`,
    company: (company: string) => company || "—",
    sentOn: (date: string) => `Inviata il ${date}`,
    more: "Mostra altre richieste",
    loadingMore: "Caricamento…",
    moreFailed: "Altre richieste non disponibili. Riprova.",
    status: { pending: "In attesa", failed: "Non riuscita", indexed: "Indicizzata" },
    index: "Indicizza",
    indexing: "Indicizzazione…",
    outcome: (index: string, owner: string | null, added: number, failed: number) =>
      `Indice «${index}»${owner ? ` di ${owner}` : ""}: ${added === 1 ? "1 documento indicizzato" : `${added} documenti indicizzati`}` +
      (failed > 0 ? `, ${failed === 1 ? "1 non riuscito" : `${failed} non riusciti`}.` : "."),
    documentFailed: (url: string, error: string) => `${url}: ${error}`,
    /** Issue 34: a scanned document read by OCR, how sure the recognition was, and the pages it could not read. */
    documentRecognized: (url: string, pages: number, confidence: number, unreadable: readonly number[]) =>
      `${url}: letto con l'OCR (${pages === 1 ? "1 pagina" : `${pages} pagine`}, affidabilità media ${Math.round(confidence)} %)` +
      (unreadable.length > 0 ? `; ${unreadable.length === 1 ? "pagina illeggibile" : "pagine illeggibili"}: ${unreadable.join(", ")}` : ""),
    failed: (reason: string) => `Indicizzazione non riuscita: ${reason}`,
    failedUnknown: "Indicizzazione non riuscita. Riprova.",
  },
  notFound: { title: "Pagina non trovata", back: "Torna alla home" },
} as const;
