// Issue 35 §1: the words of the conversations kept on the device.
export const historyMessages = {
  full: "Lo spazio per le conversazioni su questo dispositivo è esaurito: l'ultima non è stata salvata. Apri «Conversazioni» ed elimina quelle che non ti servono più.",
  unreadable: (count: number) =>
    count === 1
      ? "Una conversazione salvata su questo dispositivo non si può leggere (danneggiata o di un altro account): è stata saltata."
      : `${count} conversazioni salvate su questo dispositivo non si possono leggere (danneggiate o di un altro account): sono state saltate.`,
  untitled: "Conversazione senza titolo",
  moduleName: { chat: "Chat", rag: "RAG", debate: "Dibattito" },
  you: "Tu",
  assistant: "OYSTAR",
} as const;
