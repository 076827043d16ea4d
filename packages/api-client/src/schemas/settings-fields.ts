// spec 001 §2 (the panel's fields), §5 (bounds and steps): one table for every global setting,
// read by the zod schema (the server's check) and by the admin's form (its labels, sliders and
// number boxes). A label names its field in the form and in the errors about it: in Italian, with
// the technical term in parentheses where a professional would look for it (issue 27 §4).

// `effect`: one Italian sentence of what the setting does and what changing it changes (issue 36 §2),
// shown under it in the admin's panel.
export type NumberFacts = { label: string; effect: string; min: number; max: number; step: number; unit?: string };
export type TextFacts = { label: string; effect: string; maxLength: number };
export type LabelFacts = { label: string; effect: string };

export const SETTINGS_FIELDS = {
  pigna_ai_model: { label: "Modello predefinito", effect: "Il modello con cui la chat risponde quando l'utente non ne sceglie un altro." },
  // Not shown in the panel (spec 001 §2): the chat's presets keep these.
  pigna_ai_temperature: {
    label: "Temperatura AI",
    effect: "Quanto variano le risposte della chat: più alta, risposte più creative e meno prevedibili.",
    min: 0,
    max: 2,
    step: 0.1,
  },
  pigna_ai_max_tokens: {
    label: "Token massimi AI",
    effect: "La lunghezza massima di una risposta della chat: oltre, la risposta si interrompe.",
    min: 1,
    max: 8000,
    step: 1,
  },
  debate_length: {
    label: "Lunghezza predefinita",
    effect: "Quanti interventi conta un dibattito prima della sintesi: più turni, dibattito più approfondito e più lungo da leggere.",
    min: 6,
    max: 200,
    step: 1,
    unit: "turni",
  },
  debate_auto_mode: {
    label: "Modalità automatica",
    effect: "Acceso, i turni si susseguono da soli fino alla sintesi; spento, l'utente fa avanzare il dibattito un turno alla volta.",
  },
  debate_model_a: { label: "Modello A", effect: "Il modello che sostiene la prima tesi." },
  debate_model_b: { label: "Modello B", effect: "Il modello che sostiene la tesi opposta." },
  debate_judge_model: {
    label: "Modello giudice",
    effect:
      "Il modello che valuta il dibattito e dà il verdetto: meglio uno diverso dai due che argomentano, perché non giudichi sé stesso.",
  },
  rag_embed_model: {
    label: "Modello dei vettori (embedding)",
    effect: "Il modello che trasforma passaggi e domande in vettori, per la ricerca per significato.",
    maxLength: 200,
  },
  rag_llm_model: {
    label: "Modello linguistico (LLM)",
    effect: "Il modello che scrive la risposta a partire dai passaggi trovati, citandoli.",
    maxLength: 200,
  },
  rag_index_names: { label: "Indici", effect: "Gli indici in cui si cerca quando l'utente non ne sceglie altri.", maxLength: 200 },
  rag_top_k_retrieval: {
    label: "Passaggi cercati per indice (top-K retrieval)",
    effect: "Quanti passaggi si cercano in ogni indice: di più danno più possibilità di trovare la risposta, ma la ricerca è più lenta.",
    min: 1,
    max: 100,
    step: 1,
  },
  rag_top_k_reranker_final: {
    label: "Passaggi tenuti dopo il riordino (top-K reranker)",
    effect: "Quanti passaggi arrivano al modello come fonti: di più danno più contesto, ma risposte più lente e fonti meno mirate.",
    min: 1,
    max: 20,
    step: 1,
  },
  rag_use_reranker: {
    label: "Riordino dei passaggi (reranker)",
    effect: "Riordina i passaggi trovati con un modello che legge domanda e passaggio insieme, per mettere prima i più pertinenti.",
  },
  rag_use_fused_retrieval: {
    label: "Ricerca combinata (fused retrieval)",
    effect: "Combina la ricerca per parole (BM25) con quella per significato (vettori): trova anche i passaggi scritti con altre parole.",
  },
  rag_use_multi_query: {
    label: "Più formulazioni della domanda (multi-query)",
    effect:
      "Il modello riformula la domanda in più modi e si cerca con ciascuno: si trovano più passaggi, al costo di una chiamata al modello in più.",
  },
  rag_use_hyde: {
    label: "Ricerca con una risposta ipotetica (HyDE)",
    effect:
      "Il modello scrive una risposta ipotetica e si cercano i passaggi simili a quella: aiuta con le domande brevi, al costo di una chiamata al modello in più.",
  },
  rag_max_query_variations: {
    label: "Numero massimo di formulazioni",
    effect: "Quante riformulazioni della domanda al massimo: di più allargano la ricerca, ma la rallentano.",
    min: 1,
    max: 10,
    step: 1,
  },
  rag_use_deduplication: { label: "Deduplicazione", effect: "Toglie dalle fonti i passaggi quasi identici, così non si ripetono." },
  rag_deduplication_threshold: {
    label: "Soglia di deduplicazione",
    effect: "Quanto due passaggi devono somigliarsi per contare come doppioni: più alta, meno passaggi tolti.",
    min: 0.1,
    max: 1,
    step: 0.1,
  },
  rag_use_cache: {
    label: "Memoria delle risposte (cache)",
    effect: "Ricorda le risposte: la stessa domanda dello stesso utente, con le stesse impostazioni, riceve subito la risposta già data.",
  },
  rag_cache_ttl_seconds: {
    label: "Durata della memoria delle risposte (TTL)",
    effect:
      "Per quanto tempo una risposta ricordata viene riusata: più a lungo, più risposte immediate, ma meno aggiornate se i documenti cambiano.",
    min: 60,
    max: 86400,
    step: 1,
    unit: "secondi",
  },
  rag_system_prompt: {
    label: "Istruzioni di sistema (system prompt)",
    effect: "Le istruzioni che il modello riceve prima di ogni domanda: tono, regole sulle citazioni, cosa evitare.",
    maxLength: 8000,
  },
  rag_provider: {
    label: "Server del modello (provider)",
    effect: "Dove gira il modello linguistico del RAG: nel cloud o su un server locale; cambia i modelli che si possono scegliere.",
  },
  rag_enable_citation_validation: {
    label: "Validazione delle citazioni",
    effect: "Confronta ogni frase citata con la sua fonte e aggiunge un avviso quando troppe citazioni non trovano riscontro.",
  },
  rag_enable_spell_check: {
    label: "Controllo ortografico",
    effect: "Corregge gli errori di battitura della domanda con un dizionario italiano prima di cercare.",
  },
  rag_use_field_extraction: {
    label: "Estrazione dei campi",
    effect: "Legge nella domanda nomi, numeri, frasi tra virgolette e filtri come titolo: o anno:, e li cerca così come sono scritti.",
  },
  rag_semantic_threshold: {
    label: "Soglia semantica",
    effect:
      "La somiglianza di significato minima tra una frase e la sua fonte: sotto, la citazione è debole; più alta, controllo più severo.",
    min: 0.01,
    max: 1,
    step: 0.01,
  },
  rag_confidence_threshold: {
    label: "Soglia di confidenza",
    effect: "Il punteggio complessivo minimo di una citazione: sotto, la citazione è debole; più alta, controllo più severo.",
    min: 0.01,
    max: 1,
    step: 0.01,
  },
  // spec 001 §5: the maximum share of wrong citations allowed.
  rag_mismatch_threshold: {
    label: "Quota massima di citazioni errate",
    effect: "Oltre questa quota di citazioni deboli la risposta porta un avviso: più bassa, avviso più frequente.",
    min: 0.1,
    max: 1,
    step: 0.05,
  },
  rag_adaptive_validation: {
    label: "Validazione adattiva",
    effect: "Con le fonti brevi (meno di 300 caratteri), che offrono poco da confrontare, le soglie si abbassano di un quarto.",
  },
  rag_valid_weight: {
    label: "Peso validità",
    effect: "Quanto conta, nel punteggio di una citazione, che i numeri della frase siano nella fonte.",
    min: 0,
    max: 1,
    step: 0.1,
  },
  rag_semantic_weight: {
    label: "Peso semantico",
    effect: "Quanto conta, nel punteggio di una citazione, la somiglianza di significato tra frase e fonte.",
    min: 0,
    max: 1,
    step: 0.1,
  },
  rag_entity_weight: {
    label: "Peso entità",
    effect: "Quanto conta, nel punteggio di una citazione, che i nomi propri della frase siano nella fonte.",
    min: 0,
    max: 1,
    step: 0.1,
  },
  rag_word_weight: {
    label: "Peso parole",
    effect: "Quanto conta, nel punteggio di una citazione, che le parole chiave della frase siano nella fonte.",
    min: 0,
    max: 1,
    step: 0.1,
  },
  rag_text_weight: {
    label: "Peso testo",
    effect: "Quanto conta, nel punteggio di una citazione, che la frase riprenda quasi alla lettera un tratto della fonte.",
    min: 0,
    max: 1,
    step: 0.1,
  },
  rag_chat_history_max_tokens: {
    label: "Token massimi di cronologia",
    effect:
      "Quanta parte della conversazione precedente accompagna ogni nuova domanda: di più danno al modello più contesto, ma risposte più lente.",
    min: 1000,
    max: 32000,
    step: 1000,
    unit: "token",
  },
} as const satisfies Record<string, NumberFacts | TextFacts | LabelFacts>;

export type SettingsFieldKey = keyof typeof SETTINGS_FIELDS;

/** The settings with a numeric range: a slider or a number box in the form. */
export type BoundedSettingsKey = { [K in SettingsFieldKey]: (typeof SETTINGS_FIELDS)[K] extends NumberFacts ? K : never }[SettingsFieldKey];
