import type { PlanId } from "@oystar/api-client";
import { planById } from "@oystar/plans-and-gates";

/** What callers read when a route's policy refuses them. */
export const accessMessages = {
  unauthenticated: "Accesso richiesto: effettua il login.",
  accountDeleted: "Questo account è stato eliminato. Accedi di nuovo per crearne uno nuovo.",
  adminOnly: "Solo l'amministratore può usare questa funzione.",
  planAtLeast: (minimum: PlanId) => `Questa funzione è disponibile dal piano ${planById(minimum).name} in su.`,
} as const;
