// Plan and quota messages, word for word from spec 000 §8 and spec 001 §8.
/** A count with Italian thousands ('1.000'), the same in Node's prerender and in every browser. */
const italianCount = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ".");

export const planMessages = {
  alreadyOnPlan: (planName: string) => `Sei già sul piano ${planName}!`,
  freeIsDefault: "Il piano Free è quello di default. Scegli un piano premium.",
  noDowngrade: "Downgrade non disponibile per account admin. Contatta il supporto se necessario.",
  queriesExhausted: "Hai raggiunto il limite di domande del tuo piano.",
  debatesExhausted: "Hai raggiunto il limite di dibattiti del tuo piano corrente.",
  quotaExhaustedTitle: "Quota Esaurita!",
  /** Issue 52 §5: the debate upsell and a quota the plan does not include. */
  debatesNotIncluded: "Il tuo piano non include i dibattiti",
  debatesIncludedIn: "I dibattiti sono inclusi nei piani Base, Pro, Business ed Enterprise.",
  notIncluded: (label: string) => `${label}: non inclusi nel tuo piano`,
  unlimited: "∞",
  loadError: "Errore nel caricamento",
  retry: "Riprova",
  onRequest: "Su richiesta",
  /** Issue 51 §3: every monthly price says whether VAT is in it. */
  perMonthVatIncluded: "al mese, IVA inclusa",
  perMonthVatExcluded: (rate: number) => `al mese, IVA esclusa (${rate}%)`,
  mostPopular: "Il più scelto",
  currentPlan: "Piano attuale",
  unavailable: "Non disponibile",
  choose: (planName: string) => `Scegli ${planName}`,
  contactUs: "Contattaci",
  requested: "Piano selezionato",
  /** Issue 52 §7: figures as Italians write them ('1.000 domande', beside '1.000 utenti'). */
  queriesPerMonth: (limit: number) => `${italianCount(limit)} domande al mese`,
  unlimitedQueries: "Domande illimitate",
  debatesPerMonth: (limit: number) => `${italianCount(limit)} dibattiti al mese`,
  unlimitedDebates: "Dibattiti illimitati",
  noDebates: "Nessun dibattito",
  ragIndexes: (count: number) => `RAG sui tuoi documenti: ${count} indici personalizzati`,
  ragIndexesOnRequest: "RAG sui tuoi documenti: indici su richiesta",
  ragStorage: (size: string) => `Documenti fino a ${size}`,
  noRag: "Senza RAG",
  /** spec 000 §9: the support each plan comes with. */
  support: { free: "Supporto della community", base: "Supporto via email", pro: "Supporto prioritario" } as Partial<Record<string, string>>,
  /** spec 000 §2, spec 001 §2: the RAG promo's facts. */
  customIndexes: "3 indici personalizzati",
  indexingTime: "Indicizzazione pronta in 24-48 ore",
  checkoutError: (message: string) => `ERRORE: ${message}`,
  /** Issue 52 §7: back from the card provider's 'Annulla'. */
  checkoutCancelled: "Pagamento annullato: non è stato addebitato nulla e il tuo piano non è cambiato.",
  paymentError: "Errore nel pagamento",
  /**
   * spec 000 §2 / 001 §2: the upsell names the current plan. The spec lists 'Gratis, Base, Pro'
   * there, but calls the free plan 'Free' everywhere else ('Il piano Free è quello di default',
   * the header's badge, the plan tables): one name per plan, the catalogue's (issue 27 §5).
   */
  currentPlanIs: "Il tuo piano attuale:",
  notLoaded: "...",
} as const;
