// The built-in identity provider's one client: the OYSTAR apps on this origin.
export const DEV_CLIENT_ID = "oystar-dev-client";
/** An identifier, never fetched (as Auth0 API audiences are). */
export const DEV_AUDIENCE = "urn:oystar:api";

/** DESIGN.md §3: the seeded accounts and their plans; admin@ is an admin by ADMIN_EMAILS. */
export const SEEDED_ACCOUNTS = [
  { email: "free@oystar.test", name: "Utente Free", plan: "free" },
  { email: "base@oystar.test", name: "Utente Base", plan: "base" },
  { email: "pro@oystar.test", name: "Utente Pro", plan: "pro" },
  { email: "business@oystar.test", name: "Utente Business", plan: "business" },
  { email: "enterprise@oystar.test", name: "Utente Enterprise", plan: "enterprise" },
  { email: "admin@oystar.test", name: "Amministratore", plan: "business" },
] as const;

/** The provider's URL as the browser sees it: the SDK checks `iss` against the domain it used. */
export function devIssuer(origin: string): string {
  return `${origin}/idp/`;
}
