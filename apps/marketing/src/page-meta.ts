import { messages } from "./messages";

/**
 * Every page of the site that is rendered to HTML at build time (issue 15), with what search
 * engines and link previews read: its title and description. `indexable` pages are listed in
 * sitemap.xml; the others (sign-in, payment, signed-in forms) ask not to be indexed.
 */
export type PageMeta = { path: string; title: string; description: string; indexable: boolean };

const defaultDescription =
  "OYSTAR è l'assistente AI privato in italiano: chat in streaming con i tuoi PDF, dibattiti tra due modelli e risposte con fonti verificate dai tuoi documenti.";

export const PAGES: readonly PageMeta[] = [
  { path: "/", title: "OYSTAR — l'assistente AI privato", description: defaultDescription, indexable: false },
  { path: "/oystar", title: "OYSTAR — l'assistente AI privato", description: defaultDescription, indexable: true },
  {
    path: "/oystar-ai",
    title: "OYSTAR AI — i moduli",
    description:
      "I tre moduli di OYSTAR: la chat con i tuoi PDF, il dibattito tra due modelli fino a una sintesi e le risposte con fonti citate dai tuoi documenti.",
    indexable: true,
  },
  {
    path: "/subscription",
    title: "Piani — OYSTAR",
    description:
      "I piani di OYSTAR: Free gratuito per sempre, Base, Pro, Business con i tuoi indici di documenti ed Enterprise su misura. Prezzi mensili.",
    indexable: true,
  },
  {
    path: "/enterprise-contact",
    title: "Contatti Enterprise — OYSTAR",
    description: "Richiedi un preventivo per OYSTAR Enterprise: modelli, indici e quote su misura per la tua azienda.",
    indexable: true,
  },
  {
    path: "/contact",
    title: `${messages.contact.title} — OYSTAR`,
    description: "Scrivi al supporto di OYSTAR: domande, assistenza o suggerimenti, ti rispondiamo al più presto.",
    indexable: true,
  },
  {
    path: "/business-index-request",
    title: "Richiesta di indicizzazione — OYSTAR",
    description: "Chiedi l'indicizzazione dei tuoi documenti per OYSTAR RAG (piano Business).",
    indexable: false,
  },
  {
    path: "/privacy",
    title: "Informativa sulla privacy — OYSTAR",
    description:
      "Che cosa conserva il server di OYSTAR e per quanto tempo, che cosa non conserva mai: le conversazioni restano sul tuo dispositivo, cifrate.",
    indexable: true,
  },
  {
    path: "/termini",
    title: "Termini di servizio — OYSTAR",
    description: "I piani di OYSTAR, i limiti mensili di domande e dibattiti, i pagamenti e i limiti delle risposte dei modelli.",
    indexable: true,
  },
  {
    path: "/cookie",
    title: "Cookie e memoria del browser — OYSTAR",
    description:
      "Tutti i cookie e i dati che OYSTAR salva nel tuo browser, a che cosa servono e per quanto: nessun cookie pubblicitario o di profilazione.",
    indexable: true,
  },
  { path: "/login", title: "Accedi — OYSTAR", description: "Accedi a OYSTAR, l'assistente AI privato.", indexable: false },
  { path: "/success", title: "Pagamento completato — OYSTAR", description: "Il pagamento del tuo piano OYSTAR.", indexable: false },
];

/** What an address the site does not have shows (served with status 404). */
export const NOT_FOUND_PAGE: PageMeta = {
  path: "/404",
  title: `${messages.notFound.title} — OYSTAR`,
  description: messages.notFound.text,
  indexable: false,
};

export function pageMetaOf(pathname: string): PageMeta {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PAGES.find((page) => page.path === path) ?? NOT_FOUND_PAGE;
}
