// Issue 35 §1: the words of the conversations kept on the device.
export const historyMessages = {
  full: "Lo spazio per le conversazioni su questo dispositivo è esaurito: l'ultima non è stata salvata. Apri «Conversazioni» ed elimina quelle che non ti servono più.",
  unreadable: (count: number) =>
    count === 1
      ? "Una conversazione salvata su questo dispositivo non si può leggere (danneggiata o di un altro account): è stata saltata."
      : `${count} conversazioni salvate su questo dispositivo non si possono leggere (danneggiate o di un altro account): sono state saltate.`,
  untitled: "Conversazione senza titolo",
  saveFailed: "La conversazione non è stata salvata su questo dispositivo. Riprova più tardi.",
  moduleName: { chat: "Chat", rag: "RAG", debate: "Dibattito" },
  /** Issue 50 §1: a deletion is said, with 'Annulla' for 10 s instead of a question before. */
  deletedOne: (title: string) => `«${title}» eliminata.`,
  deletedAll: (count: number) => (count === 1 ? "Eliminata 1 conversazione." : `Eliminate ${count} conversazioni.`),
  undo: "Annulla",
  undoLabel: (title: string) => `Annulla l'eliminazione di «${title}»`,
  undoAllLabel: "Annulla l'eliminazione delle conversazioni",
  attachment: (name: string, pages: number) => `Documento allegato: ${name} (${pages} ${pages === 1 ? "pagina" : "pagine"})`,
  basedOn: (name: string) => `Risposta basata su «${name}»`,
  /** Issue 50 §4: the versions of a conversation from one message on. */
  version: (number: number, count: number) => `Versione ${number} di ${count}`,
  otherVersions: "Altre versioni",
  /** Issue 50 §3: the sidebar's groups. */
  groups: {
    pinned: "Fissate",
    today: "Oggi",
    yesterday: "Ieri",
    lastWeek: "Ultimi 7 giorni",
    month: (date: Date) => {
      const month = date.toLocaleString("it-IT", { month: "long", year: "numeric" });
      return month.charAt(0).toUpperCase() + month.slice(1);
    },
  },
  /** Issue 50 §8: the file that takes the conversations to another device. */
  file: {
    notAFile: "Il file non è un'esportazione completa delle conversazioni di OYSTAR (forse è stato troncato). Nulla è stato cambiato.",
    otherAccount: "Il file contiene le conversazioni di un altro account: accedi con quell'account per importarle. Nulla è stato cambiato.",
    wrongPassphrase: "La passphrase non è corretta, oppure il file è stato modificato. Nulla è stato cambiato.",
  },
  you: "Tu",
  assistant: "OYSTAR",
} as const;
