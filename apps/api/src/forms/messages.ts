/** What users read from the form routes. */
export const formMessages = {
  tooLong: "Il modulo è troppo lungo.",
  invalid: "Modulo non valido",
} as const;
