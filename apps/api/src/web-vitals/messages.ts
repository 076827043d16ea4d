/** What the web-vitals routes answer. */
export const webVitalsMessages = {
  invalid: "Misura non valida",
  adminOnly: "Solo l'amministratore vede le prestazioni delle pagine.",
} as const;
