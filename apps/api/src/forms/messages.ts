/** What users read from the form routes. */
export const formMessages = {
  tooLong: "Il modulo è troppo lungo.",
  invalid: "Modulo non valido",
  /** issue 22 item 4: an account's indexing requests the admin has not looked at yet. */
  tooManyWaiting: (max: number) =>
    `Hai già ${max} richieste di indicizzazione in attesa: potrai inviarne altre quando l'amministratore le avrà esaminate.`,
} as const;
