import type { Speaker } from "./rules";

// The debate's words (spec 001 §2, §5, §8). Quoted strings of the spec are kept word for word;
// the rest is the spec's meaning in Italian. The quota card's texts are planMessages'
// (@oystar/plans-and-gates), shared with the server's 429 answer.
export const debateMessages = {
  emptyTopic: "Inserisci un tema per la discussione!",
  error: (message: string) => `❌ Errore: ${message}`,
  /** Issue 50 §7: STOP ends the debate where it is; what was played stays. */
  stopped: (turn: number) => `Dibattito interrotto al turno ${turn}`,
  stoppedText: "I turni giocati restano qui: puoi scaricarne il PDF o fare un altro dibattito. Il dibattito resta conteggiato.",
  resetFailed: "❌ Errore reset!",
  resetDone: "Connessione reimpostata.",
  synthesisFailed: "Errore durante la generazione della sintesi",
  analysisFailed: "Errore durante l'analisi del dibattito",
  nothingToSave: "Nessun dibattito da salvare!",
  noResponseTitle: "Il modello non ha risposto",
  noResponseText: "Il dibattito può continuare con il prossimo intervento.",
  /** spec 001 §4: the error that comes with the 'no response' card. */
  emptyReply: (speaker: Speaker, turn: number) => `il Modello ${speaker} non ha inviato testo al turno ${turn}.`,
  unknownError: "Errore sconosciuto",
  modelLabel: { A: "Modello A", B: "Modello B" },
  /** issue 36 §1: offline, said once above the sides ('Lato A', 'Lato B'), which carry no model name. */
  offlineParticipants: (label: string) => `Entrambi i lati sono scritti dal ${label.charAt(0).toLowerCase()}${label.slice(1)}.`,
  phaseLabel: { opposizione: "Opposizione", riflessione: "Riflessione", sintesi: "Sintesi" },
  modeLabel: { debate: "dibattito", synthesis: "sintesi", challenge: "sfida" },
  /** spec 001 §2: the synthesis progress bar. */
  turnsCompleted: (done: number, total: number) => `${done}/${total} turni completati`,
  synthesisPhaseText: {
    preparing: "Preparazione del dibattito",
    opposizione: "Dibattito nascosto: fase di opposizione",
    riflessione: "Dibattito nascosto: fase di riflessione",
    sintesi: "Dibattito nascosto: fase di sintesi",
    analysing: "Analisi dell'ultimo terzo del dibattito",
  },
  /** spec 001 §5 (challenge): Model B defends the negation of the thesis to refute (given as it reads mid-sentence). */
  challengeCounterThesis: (thesis: string) => `Non è vero che ${thesis}`,
  /** A one-word topic cannot be split in half: the other side is its opposite. */
  oneWordCounterThesis: (word: string) => `Contro ${word}`,

  /** spec 001 §2: the buttons of the debate screen, word for word. */
  buttons: {
    start: "Avvia Dibattito",
    generateSynthesis: "Genera Sintesi",
    downloadSynthesis: "Scarica Sintesi",
    challenge: "Sfida la Tesi",
    downloadPdf: "SCARICA PDF",
    anotherDebate: "FAI UN ALTRO DIBATTITO",
    stop: "STOP",
    next: (speaker: Speaker) => `Prossimo (${speaker})`,
    newDebate: "Nuovo Dibattito",
  },

  /** spec 001 §2: the start screen's three tabs. */
  start: {
    tabsLabel: "Tipo di dibattito",
    tabs: { debate: "DEBATE", synthesis: "SINTESI", challenge: "SFIDA" },
    debateIntro: "Due modelli si confrontano a turni sulle tue tesi: dall'opposizione alla riflessione, fino alla sintesi.",
    thesisA: "Tesi A (a favore)",
    thesisB: "Tesi B (contro)",
    thesisAPlaceholder: "Es. Il lavoro da remoto rende più produttivi",
    thesisBPlaceholder: "Es. Il lavoro in ufficio rende più produttivi",
    synthesisIntro: (length: number) =>
      `Nessun testo da scrivere: la sintesi nasce dal tema delle due tesi della scheda DEBATE. I modelli dibattono in background per ${length} turni, poi l'analisi dell'ultimo terzo produce un'introduzione, tre sintesi (la prima con un piano operativo) e le conclusioni.`,
    synthesisTopic: "Tema della sintesi",
    synthesisNoTopic: "Scrivi le due tesi nella scheda DEBATE: la sintesi parte dal loro tema.",
    challengeIntro: "Scrivi una tesi: il Modello A la difende, il Modello B prova a confutarla.",
    challengeThesis: "Tesi da confutare",
    challengePlaceholder: "Es. L'intelligenza artificiale sostituirà gli insegnanti",
    previewLabel: "Chi difende cosa",
    previewEmpty: "Scrivi le tesi per vedere quale posizione difenderà ciascun modello.",
    defends: "difenderà",
    /** issue 36 §3: three example debates on the start screen; a click writes both theses. */
    examplesLabel: "Tesi di esempio",
    examples: [
      ["I compiti a casa aiutano a imparare", "I compiti a casa andrebbero aboliti"],
      ["Il centro delle città va chiuso alle auto", "Le auto devono poter entrare in centro"],
      ["La settimana lavorativa di quattro giorni conviene a tutti", "La settimana di cinque giorni resta la scelta migliore"],
    ],
    example: (a: string, b: string) => `«${a}» contro «${b}»`,
  },

  /** spec 001 §2: the optional controls panel. */
  controls: {
    title: "Impostazioni del dibattito",
    show: "Impostazioni",
    summary: (length: number, auto: boolean) => `${length} turni · ${auto ? "Auto" : "Manuale"}`,
    length: "Durata del dibattito",
    turns: (turns: number) => `${turns} turni`,
    lengthLocked: "La durata resta quella scelta finché il dibattito è sullo schermo.",
    auto: "Modalità automatica",
    autoOn: "Auto: ogni intervento parte da solo 3 secondi dopo il precedente.",
    autoOff: "Manuale: ogni intervento parte con il pulsante Prossimo.",
    /** spec 001 §4: at the end of a debate auto mode turns off — issue 52 §5: said when it happens. */
    autoEnded: "La modalità automatica si è spenta, come alla fine di ogni dibattito: riattivala nelle impostazioni per il prossimo.",
    /** issue 26 §2: a debate argued from one of the user's indexes (Business, Enterprise). */
    documents: "Basati sui documenti",
    documentsOn:
      "Ogni intervento cerca i passaggi nell'indice scelto e li cita parola per parola, con il numero [n]: le citazioni vengono verificate.",
    documentsOff: "I modelli argomentano senza documenti.",
    documentsIndex: "Indice dei documenti",
    documentsSummary: (index: string) => `Documenti: ${index}`,
    documentsLocked: "L'indice resta quello scelto finché il dibattito è sullo schermo.",
  },

  /** issue 26 §2: the quotes of a turn argued from documents, as its bubble shows them. */
  evidence: {
    quotesTitle: "Citazioni dai documenti",
    passagesTitle: (count: number) => (count === 1 ? "1 passaggio consultato" : `${count} passaggi consultati`),
    status: {
      verified: "Verificata",
      notFound: "Non verificata: non si trova nel passaggio citato",
      /** Issue 52 §2: found in its passage, but the passage is about something else than the claim. */
      unsupported: "Citazione non pertinente",
    },
    /** The answer was cut off before the server checked its quotes. */
    unchecked: "Le citazioni di questo intervento non sono state verificate: l'intervento si è interrotto.",
    noQuotes: "Nessuna citazione dai documenti in questo intervento.",
    openPassage: (n: number, title: string) => `Apri il passaggio [${n}]: ${title}`,
    page: (page: number) => `p. ${page}`,
  },

  /** spec 001 §2: during a debate. */
  status: {
    label: "Stato del dibattito",
    auto: "Auto",
    manual: "Manuale",
    /** The side as the screen names it: 'Modello B', or offline 'Lato B' (issue 36 §1). */
    next: (side: string) => `Prossimo: ${side}`,
    speaking: (side: string) => `Parla: ${side}`,
    turn: (turn: number, total: number) => `Turno ${turn}/${total}`,
    phase: (phase: string) => `Fase: ${phase}`,
    starting: "Avvio del dibattito...",
    finished: "Dibattito concluso",
    halted: "Dibattito interrotto",
  },
  versus: "contro",
  stageLabel: "Il dibattito",
  subjectLabel: "Il tema del dibattito",
  transcriptLabel: "Interventi del dibattito",
  speaking: "sta scrivendo...",
  turnNumber: (turn: number) => `turno ${turn}`,

  /** spec 001 §2, §8: the debate quota card. */
  upgrade: "Passa a un piano superiore",

  /** issue 26 §1: the judge's scorecard, under the transcript. */
  judge: {
    title: "Valutazione del giudice",
    pending: (run: number, runs: number) => `Il giudice sta valutando il dibattito (lettura ${run} di ${runs})…`,
    judgedBy: (model: string) => `Giudice: ${model}, che legge i lati senza sapere quali modelli sono, due volte con l'ordine scambiato.`,
    offlineBadge: "Giudice offline",
    /** The judge's note below says 'Modello dimostrativo offline' (issue 36 §1: once). */
    offlineLabel: "Nessun voto: solo ciò che si può contare nel testo.",
    /** issue 36 §1, issue 52 §1: the offline judge gives no score, so no winner, and says why. */
    noWinner: "Nessun vincitore",
    noWinnerReason:
      "Il modello dimostrativo offline non dà voti: logica, prove, persuasività e replica richiedono un modello linguistico. Senza voti non c'è un vincitore.",
    /** Issue 52 §1: the rule the verdict follows from, said under it (judge-verdict.ts). */
    rule: (criteria: string, margin: string) =>
      `Regola: si sommano i voti dei criteri valutati per entrambi i lati (${criteria}); vince il lato con il totale più alto di almeno ${margin}, con uno scarto minore è Parità.`,
    totals: (a: string, b: string, max: number) => `Totale: Lato A ${a}/${max}, Lato B ${b}/${max}.`,
    leftOut: (criteria: string) => `Non contati perché senza voto per uno dei lati: ${criteria}.`,
    noCriterion: "Nessun criterio ha un voto per entrambi i lati: il verdetto non si può calcolare dai voti.",
    points: (points: number) => (points === 1 ? "1 punto" : `${points} punti`),
    side: (side: Speaker) => `Lato ${side}`,
    sideCaption: (side: Speaker, model: string) => `Lato ${side} · ${model}`,
    criterion: "Criterio",
    score: "Voto",
    motivation: "Motivazione",
    outOfTen: (score: string) => `${score}/10`,
    notScored: "n.d.",
    notScoredLabel: "non valutato",
    strongest: "Argomento più forte",
    weakest: "Argomento più debole",
    quoteNotFound: "(citazione non trovata negli interventi di questo lato)",
    verdict: "Verdetto",
    winner: (side: Speaker) => `Vince il Lato ${side}`,
    tie: "Parità",
    agreement: {
      alta: "Accordo tra le due letture: alto.",
      media: "Accordo tra le due letture: medio (stesso verdetto, voti diversi).",
      bassa:
        "Accordo tra le due letture: basso. Con l'ordine dei lati scambiato i voti danno vincitori diversi: il verdetto segue dalla media delle due letture.",
    },
    runs: (first: string, second: string) => `Prima lettura: ${first}. Seconda lettura, lati scambiati: ${second}.`,
    judgeArgued: (side: Speaker) => `Il giudice è anche il modello del Lato ${side}: la valutazione potrebbe non essere imparziale.`,
    failedTitle: "Il giudice non ha potuto valutare il dibattito",
    failedText: "Il dibattito resta disponibile: puoi scaricarlo in PDF e lasciare il tuo feedback.",
    unreadable: "La risposta del giudice non è nel formato atteso.",
    nothingToJudge: "Nessun intervento da valutare.",
    /** Issue 35 §1: a kept debate whose judge was still reading when the page closed. */
    interrupted: "Il giudice non ha finito la sua valutazione: la pagina è stata chiusa prima.",
  },

  /** spec 001 §2: the feedback form that closes a debate. */
  feedback: {
    title: "Com'è andato il dibattito?",
    rating: "Valutazione",
    /** issue 26 §3: the user's own verdict, beside the stars. */
    vote: "Chi ti ha convinto di più?",
    voteOptions: { A: "Lato A", B: "Lato B", tie: "Parità" },
    comment: "Commento (facoltativo)",
    counter: (length: number, max: number) => `${length}/${max} caratteri`,
    pdf: "Scarica una copia PDF del dibattito",
    submit: "Invia feedback",
    ratingRequired: "Scegli una valutazione da 1 a 5 stelle.",
    failed: "Errore nell'invio del feedback. Riprova più tardi.",
    thanks: "Grazie per il tuo feedback!",
    thanksText: "Ci aiuta a migliorare OYSTAR Debate.",
    /** Issue 35 §1: the vote sent, as a kept debate shows it. */
    voted: (side: string) => `Il tuo voto: ${side}`,
    noVote: "Non hai indicato chi ti ha convinto di più.",
  },

  /** spec 001 §2, §4: synthesis mode. */
  synthesis: {
    running: "Sintesi in corso",
    resultTitle: "Sintesi del dibattito",
    topic: (topic: string) => `Tema: ${topic}`,
    fromDebate: (length: number) => `Dall'analisi dell'ultimo terzo di un dibattito di ${length} turni.`,
    introduction: "Introduzione",
    synthesis: (number: number, title: string) => `Sintesi ${number}: ${title}`,
    plan: "Piano operativo",
    conclusions: "Conclusioni",
  },

  /** The debate and synthesis PDFs (spec 001 §2, §9). */
  pdf: {
    product: "OYSTAR Debate",
    debateTitle: (a: string, b: string) => `OYSTAR Debate — ${a} contro ${b}`,
    challengeTitle: (thesis: string) => `OYSTAR Debate — Sfida: ${thesis}`,
    sides: (models: Record<Speaker, string>, options: Record<Speaker, string>) =>
      `Modello A (${models.A}): «${options.A}». Modello B (${models.B}): «${options.B}».`,
    /** issue 36 §1: offline, the sides carry no model name; who wrote them is said once. */
    offlineSides: (label: string, options: Record<Speaker, string>) =>
      `Lato A: «${options.A}». Lato B: «${options.B}». Entrambi scritti dal ${label.charAt(0).toLowerCase()}${label.slice(1)}.`,
    length: (played: number, total: number) => `${played} di ${total} turni.`,
    turnCaption: (turn: number, speaker: Speaker, phase: string, offline = false) =>
      `Turno ${turn} · ${offline ? "Lato" : "Modello"} ${speaker} · ${phase}`,
    synthesisTitle: "OYSTAR Debate — Sintesi",
    /** Issue 50 §6: the documents the turns cited, numbered once across the debate. */
    sources: "Fonti",
    source: (title: string, where: string | null) => (where ? `${title} — ${where}` : title),
    page: (page: number) => `pagina ${page}`,
  },
} as const;
