// Sign-in messages: the spec's catalogue (spec 000 §2, §8), word for word.
export const authMessages = {
  loading: "Caricamento...",
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
  copyright: (year: number) => `© ${year} OYSTAR. Tutti i diritti riservati.`,
} as const;
