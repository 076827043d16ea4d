// Plan and quota messages, word for word from spec 000 §8 and spec 001 §8.
export const planMessages = {
  alreadyOnPlan: (planName: string) => `Sei già sul piano ${planName}!`,
  freeIsDefault: "Il piano Free è quello di default. Scegli un piano premium.",
  noDowngrade: "Downgrade non disponibile per account admin. Contatta il supporto se necessario.",
  queriesExhausted: "Hai raggiunto il limite di domande del tuo piano.",
  debatesExhausted: "Hai raggiunto il limite di dibattiti del tuo piano corrente.",
  quotaExhaustedTitle: "Quota Esaurita!",
  unlimited: "∞",
  notLoaded: "...",
} as const;
