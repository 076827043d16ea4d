/** What a client reads about an answer it tries to resume or stop (issue 35 §2). */
export const streamMessages = {
  /** An unknown, expired or another account's stream id alike: nothing is revealed. */
  notFound: "Questa risposta non è più disponibile: il server la tiene solo per due minuti dopo l'interruzione.",
  /** Some of its events were dropped to keep within the server's memory bounds. */
  partLost: "Una parte di questa risposta non è più sul server (era troppo lunga da tenere): non si può riprendere da qui.",
  badLastEventId: "Last-Event-ID non valido: deve essere il numero dell'ultimo evento ricevuto.",
  /** Issue 37 §3: the last event of an answer still running when a stopping server's time ran out. */
  serverStopping:
    "Il server si sta riavviando per un aggiornamento: la risposta si ferma qui e questa domanda non ti viene conteggiata. Riprova tra qualche istante.",
  /** Issue 55 §1: a new question refused by a process past what it can carry (503, Retry-After). */
  busy: (seconds: number) => `Servizio molto richiesto: riprova tra ${seconds} s. La domanda non ti è stata conteggiata.`,
  /** Issue 55 §2: the last event of a stream ended because the server fell over a second behind. */
  overloaded:
    "Il server è sovraccarico e questa risposta arrivava in ritardo: si ferma qui e questa domanda non ti viene conteggiata. Riprova tra qualche istante.",
  tooManyResumes: (minutes: string) => `Troppe riprese della stessa risposta in poco tempo: riprova tra ${minutes}.`,
};
