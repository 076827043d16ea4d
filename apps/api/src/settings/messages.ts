/** What the admin (or someone who is not) reads from the settings routes. */
export const settingsMessages = {
  accessDenied: (who: string) => `ACCESSO NEGATO: solo l'amministratore può modificare le impostazioni globali (utente attuale: ${who}).`,
  tooLarge: "Le impostazioni inviate sono troppo lunghe.",
  notAnObject: "Le impostazioni devono essere un oggetto JSON.",
  unknownKey: (keys: readonly string[]) => `Impostazione sconosciuta: ${keys.join(", ")}`,
  invalid: "Impostazioni non valide",
} as const;
