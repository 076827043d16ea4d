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
  skipToContent: "Vai al contenuto",
  clearChat: "Nuova chat",
  /** DESIGN.md §6: the notice every module shows while no model is connected; the details per module. */
  // Issue 36 §1: said once per screen, in the user's words; how to connect a model is the admin's (README).
  offlineModel: { title: OFFLINE_MODEL_LABEL, summary: "nessun modello linguistico collegato." },
  chat: {
    title: "OYSTAR AI",
    /** Issue 52 §5: the advanced settings from a labelled button (the version in the header opens them too). */
    advanced: "Impostazioni avanzate",
    description: "Un'AI privata: le tue conversazioni restano in questo browser, il server non le conserva.",
    offlineModelText:
      "Le risposte mostrano come funziona la chat ma non rispondono alla domanda: di un documento allegato riportano solo l'inizio.",
    /** issue 36 §3: starting points in an empty chat; a click asks the question. */
    suggestionsLabel: "Prova a chiedere",
    suggestions: [
      "Spiegami in parole semplici che cos'è l'inflazione",
      "Scrivi un'email cortese per spostare un appuntamento",
      "Dammi tre idee per una cena vegetariana veloce",
      "Come posso organizzare meglio la mia settimana di lavoro?",
    ],
  },
  debate: {
    title: "OYSTAR Debate",
    description: "Due modelli sostengono tesi opposte, a turni, fino a una sintesi finale.",
    offlineModelText:
      "I due lati sono scritti dallo stesso modello dimostrativo, che difende la sua tesi con frasi preparate, senza ragionarci; il giudice misura ciò che può, ma non assegna la vittoria.",
  },
  rag: {
    title: "OYSTAR RAG",
    /** Issue 48: the way from the questions to the customer's own documents, and back. */
    library: "I miei documenti",
    backToQuestions: "Torna alle domande",
    offlineModelText:
      "Le risposte riportano alla lettera le frasi più pertinenti dei documenti, ognuna con la sua fonte, senza ragionarci.",
  },
  /** Issue 35 §1: the conversations kept on this device. */
  history: {
    open: "Conversazioni",
    title: "Conversazioni",
    scope:
      "Le conversazioni restano solo su questo dispositivo, cifrate con una chiave del tuo account: il server non ne conserva nessuna.",
    remember: "Ricorda le conversazioni su questo dispositivo",
    rememberOn: "Ogni domanda e ogni risposta vengono salvate qui mentre chatti.",
    rememberOff: "Le nuove conversazioni non vengono salvate; quelle già salvate restano finché non le elimini.",
    search: "Cerca nelle conversazioni",
    empty: "Nessuna conversazione salvata su questo dispositivo.",
    noMatch: "Nessuna conversazione corrisponde alla ricerca.",
    loading: "Apertura delle conversazioni…",
    failed: "Le conversazioni di questo dispositivo non si possono aprire ora. Ricarica la pagina per riprovare.",
    /** Issue 50 §2: an address that names no conversation kept here (unknown, deleted, another account's). */
    unknownAddress: "Questa conversazione non è su questo dispositivo: ne è iniziata una nuova.",
    listLabel: "Conversazioni salvate",
    opened: (module: string, date: string) => `${module} · ${date}`,
    openConversation: (title: string) => `Apri «${title}»`,
    rename: "Rinomina",
    renameLabel: "Nuovo titolo",
    renameSave: "Salva titolo",
    cancel: "Annulla",
    exportMarkdown: "Esporta (Markdown)",
    exportPdf: "Esporta (PDF)",
    exportFailed: "L'esportazione non è riuscita. Riprova.",
    debateUnreadable: "Questo dibattito salvato non si può aprire: i suoi dati sono incompleti.",
    remove: "Elimina",
    removeLabel: (title: string) => `Elimina «${title}»`,
    /** Issue 50 §3: the sidebar on wide screens. */
    sidebarLabel: "Conversazioni salvate su questo dispositivo",
    collapseSidebar: "Chiudi la barra laterale",
    expandSidebar: "Apri la barra laterale",
    renameNamed: (title: string) => `Rinomina «${title}»`,
    pin: (title: string) => `Fissa in alto «${title}»`,
    unpin: (title: string) => `Togli «${title}» dalle fissate`,
    clear: "Elimina tutte",
    signOutAndClear: "Esci e cancella da questo dispositivo",
    /** Issue 50 §8: the conversations taken to another device, in a file sealed with a passphrase. */
    transfer: {
      title: "Su un altro dispositivo",
      scope:
        "Esporta le conversazioni in un file cifrato con una passphrase che scegli tu, poi importalo su un altro dispositivo o browser con lo stesso account. Il file non passa dal server; senza la passphrase non si legge.",
      passphrase: "Passphrase (almeno 10 caratteri)",
      repeat: "Ripeti la passphrase",
      tooShort: "La passphrase deve avere almeno 10 caratteri.",
      mismatch: "Le due passphrase non coincidono.",
      export: "Esporta conversazioni",
      exporting: "Cifratura in corso…",
      exported: (count: number) => (count === 1 ? "File scaricato con 1 conversazione." : `File scaricato con ${count} conversazioni.`),
      file: "File da importare",
      filePassphrase: "Passphrase del file",
      import: "Importa conversazioni",
      importing: "Lettura del file…",
      imported: ({ added, updated, unchanged }: { added: number; updated: number; unchanged: number }) =>
        `Importate: ${added} nuove, ${updated} aggiornate, ${unchanged} già presenti.`,
      noFile: "Scegli il file da importare.",
      failed: "Il file non si può leggere. Nulla è stato cambiato.",
      fileName: (day: string) => `oystar-conversazioni-${day}.json`,
    },
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
    resetQuestion: "Ripristinare i valori ottimali? Ogni campo torna al valore consigliato; nulla cambia finché non premi Salva.",
    resetConfirm: "Sì, ripristina",
    cancel: "Annulla",
    defaultsRestored: "Valori ottimali ripristinati: premi Salva per applicarli a tutti gli utenti.",
    saved: "Impostazioni salvate! Tutti gli utenti useranno queste configurazioni.",
    saveFailed: "Errore nel salvataggio delle impostazioni",
    loadFailed: "Impostazioni non disponibili: sono mostrati i valori predefiniti.",
    indexesHint: "Nessun indice scelto = tutti gli indici.",
    /** Issue 36 §2: a listed model the configured model server does not serve. */
    modelUnavailable: (model: string) => `${model} (non disponibile)`,
    /** The panel's index of sections (jump links). */
    sectionsLabel: "Sezioni delle impostazioni",
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
    outcomes: ({ wins, draws, losses }: { wins: number; draws: number; losses: number }) =>
      `${wins} vinti · ${draws} pari · ${losses} persi`,
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
    /** Issue 34 §2: the build runs on the server; the panel follows it document by document. */
    progress: (read: number, total: number) =>
      `Indicizzazione in corso: ${read} di ${total} ${total === 1 ? "documento letto" : "documenti letti"}.`,
    documentProgress: (url: string, state: string) => `${url}: ${state}`,
    documentStates: { waiting: "in attesa", reading: "in lettura", done: "letto", failed: "non riuscito" },
    ocrProgress: (page: number, pages: number) => `OCR: pagina ${page} di ${pages}`,
    failed: (reason: string) => `Indicizzazione non riuscita: ${reason}`,
    failedUnknown: "Indicizzazione non riuscita. Riprova.",
  },
  notFound: { title: "Pagina non trovata", back: "Torna alla home" },
  /** Issue 36 §8: 'Il mio account', with 'I miei dati' and 'Elimina account'. */
  account: {
    title: "Il mio account",
    /** Issue 48: the customer's own documents, for a RAG plan. */
    library: "I miei documenti",
    signedInAs: "Hai effettuato l'accesso come",
    plan: "Piano",
    dataHeading: "I tuoi dati",
    dataText:
      "Scarica in un file JSON tutto quello che il server di OYSTAR conserva su di te: l'account, il piano e i pagamenti, i conteggi, i dibattiti con i voti, i moduli e le richieste di indicizzazione, i tuoi indici. Le conversazioni non ci sono: restano cifrate in questo browser.",
    download: "I miei dati",
    downloaded: "File scaricato.",
    downloadFailed: "Non è stato possibile scaricare i tuoi dati. Riprova.",
    privacyLink: "Che cosa conserva OYSTAR",
    deleteHeading: "Elimina account",
    deleteText: "Elimina l'account e tutto quello che il server conserva su di te. Non si può annullare.",
    delete: "Elimina account",
    confirmTitle: "Eliminare l'account?",
    confirmIntro: "Verranno eliminati, senza possibilità di recupero:",
    confirmItems: [
      "l'abbonamento, annullato presso il fornitore dei pagamenti;",
      "l'account, il piano e i conteggi di domande e dibattiti;",
      "i dibattiti e i tuoi voti (la classifica dei modelli conserva solo conteggi anonimi);",
      "i moduli e le richieste di indicizzazione che hai inviato;",
      "i tuoi indici, con i loro documenti;",
      "la chiave che cifra le conversazioni e le conversazioni salvate in questo browser.",
    ],
    confirmOutro: "Poi uscirai da OYSTAR.",
    cancel: "Annulla",
    confirm: "Elimina definitivamente",
    deleteFailed: "Non è stato possibile eliminare l'account. Riprova.",
  },
  /** Issue 51 §1: 'Abbonamento' and 'Fatture' in 'Il mio account'. */
  subscription: {
    heading: "Abbonamento",
    none: "Nessun abbonamento attivo: il piano Free non ha niente da pagare.",
    /** A paid plan given without a subscription here (an account set up by the operator). */
    noneForPlan: (plan: string) => `Il piano ${plan} non ha un abbonamento da gestire qui: per cambiarlo scrivi al supporto.`,
    choosePlan: "Vedi i piani",
    plan: "Piano",
    price: "Prezzo",
    renews: "Prossimo rinnovo",
    ends: "Termina il",
    endsNote: (plan: string, date: string) => `Il piano ${plan} resta attivo fino al ${date}, poi l'account torna Free.`,
    card: "Carta",
    cardDigits: (last4: string) => `•••• ${last4}`,
    scheduled: (date: string, plan: string) => `Dal ${date}: ${plan}`,
    paymentFailed: "Il pagamento del rinnovo non è riuscito.",
    updatePaymentMethod: "Aggiorna il metodo di pagamento",
    cancel: "Disdici abbonamento",
    cancelTitle: "Disdire l'abbonamento?",
    cancelConfirm: "Conferma la disdetta",
    keep: "Annulla",
    reactivate: "Riattiva",
    changeTo: (plan: string) => `Passa a ${plan}`,
    keepPlan: (plan: string) => `Resta su ${plan}`,
    changeTitle: (plan: string) => `Passare a ${plan}?`,
    /** `monthly` as formatMonthlyPrice writes it: '99,99 € al mese, IVA inclusa'. */
    dueToday: (today: string, monthly: string) => `Oggi paghi ${today}, poi ${monthly}`,
    changeConfirm: "Conferma",
    actionFailed: "Operazione non riuscita. Riprova.",
    loadFailed: "Non è stato possibile leggere l'abbonamento. Riprova più tardi.",
    invoicesHeading: "Fatture",
    noInvoices: "Nessuna fattura.",
    invoiceDate: "Data",
    invoiceAmount: "Importo",
    invoiceVat: "IVA",
    invoiceStatus: "Stato",
    invoicePaid: "Pagata",
    invoiceOpen: "Da pagare",
    invoiceDownload: "Scarica PDF",
  },
} as const;
