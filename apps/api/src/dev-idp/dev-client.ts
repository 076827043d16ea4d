// The built-in identity provider's one client: the OYSTAR apps on this origin.
export const DEV_CLIENT_ID = "oystar-dev-client";
/** An identifier, never fetched (as Auth0 API audiences are). */
export const DEV_AUDIENCE = "urn:oystar:api";

/**
 * DESIGN.md §3: the seeded accounts and their plans. admin@ is the admin unless ADMIN_EMAILS
 * names others.
 */
export const SEEDED_ACCOUNTS = [
  { email: "free@oystar.test", name: "Utente Free", plan: "free", admin: false },
  { email: "base@oystar.test", name: "Utente Base", plan: "base", admin: false },
  { email: "pro@oystar.test", name: "Utente Pro", plan: "pro", admin: false },
  { email: "business@oystar.test", name: "Utente Business", plan: "business", admin: false },
  { email: "enterprise@oystar.test", name: "Utente Enterprise", plan: "enterprise", admin: false },
  { email: "admin@oystar.test", name: "Amministratore", plan: "business", admin: true },
] as const;

/**
 * An account the provider refuses, as an Auth0 rule refuses an unverified email: signing in as
 * it sends the app back `error` and `error_description` (spec 000 §2, the authentication error
 * screen). It has no session and no product account.
 */
export const REFUSED_ACCOUNTS = [
  { email: "non-verificato@oystar.test", error: "access_denied", description: "Verifica il tuo indirizzo email prima di accedere." },
] as const;

export function refusalFor(email: string) {
  return REFUSED_ACCOUNTS.find((account) => account.email === email.trim().toLowerCase()) ?? null;
}

/** The provider's URL as the browser sees it: the SDK checks `iss` against the domain it used. */
export function devIssuer(origin: string): string {
  return `${origin}/idp/`;
}
