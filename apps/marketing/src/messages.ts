import { ASSISTANT_PATHS } from "@oystar/api-client";

// The marketing site's words, in one place for review and translation.
export const SUPPORT_EMAIL = "supporto@oystar.it";

/** Issue 36 §8: where the footer's legal labels lead. */
export const LEGAL_PATHS = { privacy: "/privacy", terms: "/termini", cookies: "/cookie" } as const;

export const messages = {
  productName: "OYSTAR",
  tagline: "AI built for privacy",
  nav: {
    prices: "Prezzi",
    contacts: "Contatti",
    startNow: "Inizia ora",
    // For a signed-in user, who has started already (issue 36 §6).
    openChat: "Vai alla chat",
    plan: (name: string) => `Piano ${name}`,
    label: "Navigazione principale",
  },
  footer: {
    modules: "Moduli",
    company: "OYSTAR",
    plans: "Piani",
    contactSales: "Contatta le vendite",
    support: "Supporto",
    legalHeading: "Legale",
    // spec 000 §2 names the three labels; issue 36 §8 makes them links to real pages.
    legal: [
      { label: "Privacy Policy", href: LEGAL_PATHS.privacy },
      { label: "Terms of Service", href: LEGAL_PATHS.terms },
      { label: "Cookie Policy", href: LEGAL_PATHS.cookies },
    ],
    copyright: (year: number) => `© ${year} OYSTAR. Tutti i diritti riservati.`,
    /** Issue 51 §6: who sells, in every page's footer. */
    seller: (name: string, address: string, vatNumber: string) => `Venduto da ${name}, ${address}, P. IVA ${vatNumber}`,
  },
  /** Issue 51 §6: the seller and the data controller, as the operator configured them. */
  seller: {
    toConfigure: (variable: string) => `Da configurare: ${variable}`,
    controller: "Titolare del trattamento",
    seller: "Venditore",
    address: "Indirizzo",
    vatNumber: "Partita IVA",
    privacyContact: "Contatto per la privacy",
    dpo: "Responsabile della protezione dei dati (DPO)",
  },
  modules: [
    {
      name: "OYSTAR AI",
      href: ASSISTANT_PATHS.chat,
      text: "Una chat in streaming: fai una domanda e leggi la risposta mentre viene scritta. Le conversazioni restano nel tuo browser.",
    },
    {
      name: "OYSTAR Debate",
      href: ASSISTANT_PATHS.debate,
      text: "Due modelli sostengono tesi opposte, turno dopo turno, fino a una sintesi finale che puoi scaricare in PDF.",
    },
    {
      name: "OYSTAR RAG",
      href: ASSISTANT_PATHS.rag,
      text: "Domande sui tuoi documenti indicizzati, con le fonti citate e verificate. Nei piani Business ed Enterprise.",
    },
  ],
  contact: {
    title: "Contattaci",
    intro: "Domande, assistenza o suggerimenti: scrivici qui e ti rispondiamo al più presto. Oppure scrivi a",
    enterpriseHint: "Ti serve un preventivo per il piano Enterprise?",
    enterpriseLink: "Richiedi un preventivo",
    success: "Grazie per averci scritto: ti risponderemo al più presto.",
    again: "Invia un altro messaggio",
  },
  success: {
    verifying: "Stiamo verificando il tuo accesso per confermare il pagamento...",
    activation: "Il piano si attiva appena il fornitore dei pagamenti conferma il pagamento: di solito in pochi secondi.",
    /** Issue 51 §7: a promise e2e/tests/subscription-manage.spec.ts proves. */
    cancelAnytime: "Disdici quando vuoi da Il mio account.",
    manage: "Gestisci abbonamento",
  },
  /** Issue 51 §5, §7: what the plans page says of prices and of stopping. */
  plans: {
    intro: "Il piano Free è gratuito per sempre e non chiede la carta. Disdici quando vuoi da Il mio account.",
  },
  notFound: { title: "Pagina non trovata", text: "L'indirizzo che hai aperto non esiste.", back: "Torna alla home" },
} as const;
