// Sign-in messages: the spec's catalogue (spec 000 §2, §8), word for word.
export const authMessages = {
  loading: "Caricamento...",
  /** Issue 52 §7: the site's word after 'Elimina account'. */
  accountDeleted: "Il tuo account è stato eliminato, con tutto ciò che il server conservava di te. Grazie per aver usato OYSTAR.",
  authProblem: "Problema di autenticazione. Riprova più tardi.",
  goToLogin: "Vai al Login",
  reloadPage: "Ricarica Pagina",
  loginFailed: "Login failed",
  tokenFailed: "Get access token failed",
  invalidState: "Invalid state",
  timeout: "Timeout",
  popupClosed: "Popup closed",
  welcomeTitle: "Benvenuto in OYSTAR",
  welcomeLine: "La tua AI privata e sicura. La registrazione è automatica al primo accesso.",
  signIn: "ACCEDI",
  signOut: "Esci",
  /** spec 001 §2: the card of a session lost inside the assistant. */
  authRequired: "Autenticazione Richiesta",
  sessionLost: "La sessione è scaduta. Accedi di nuovo per continuare: quello che vedi su questa pagina resta qui.",
  signInAgain: "Accedi",
  copyright: (year: number) => `© ${year} OYSTAR. Tutti i diritti riservati.`,
} as const;
