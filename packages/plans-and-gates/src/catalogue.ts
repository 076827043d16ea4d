import type { Plan, PlanId } from "@oystar/api-client";
import { UNLIMITED } from "@oystar/api-client";

// spec 000 §9 and spec 001 §9: the five plans. The server meters with these numbers and the
// apps show them, so both import this one list.

export type PlanDetails = Plan & {
  /** RAG storage per customer, in bytes (business 100 MB, enterprise 1 TB); 0 without RAG. */
  rag_max_bytes: number;
  /** spec 000 §2: pro is flagged as the most chosen. */
  most_popular: boolean;
};

const MB = 1024 * 1024;

export const PLAN_ORDER: readonly PlanId[] = ["free", "base", "pro", "business", "enterprise"];

export const PLANS: readonly PlanDetails[] = [
  {
    id: "free",
    name: "Free",
    price: 0,
    description: "Per iniziare: la chat, gratis per sempre, senza carta.",
    queries_limit: 50,
    debates_limit: 0,
    rag_enabled: false,
    rag_indices_limit: 0,
    rag_max_bytes: 0,
    most_popular: false,
  },
  {
    id: "base",
    name: "Base",
    price: 9.99,
    description: "Chat e dibattiti per l'uso quotidiano, con supporto via email.",
    queries_limit: 300,
    debates_limit: 30,
    rag_enabled: false,
    rag_indices_limit: 0,
    rag_max_bytes: 0,
    most_popular: false,
  },
  {
    id: "pro",
    name: "Pro",
    price: 29.99,
    description: "Per chi lavora ogni giorno con l'AI, con supporto prioritario.",
    queries_limit: 1000,
    debates_limit: 100,
    rag_enabled: false,
    rag_indices_limit: 0,
    rag_max_bytes: 0,
    most_popular: true,
  },
  {
    id: "business",
    name: "Business",
    price: 99.99,
    description: "Domande e dibattiti illimitati, PDF in chat e RAG sui tuoi documenti.",
    queries_limit: UNLIMITED,
    debates_limit: UNLIMITED,
    rag_enabled: true,
    rag_indices_limit: 3,
    rag_max_bytes: 100 * MB,
    most_popular: false,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    price: null,
    description: "Su richiesta: RAG fino a 1 TB e condizioni su misura.",
    queries_limit: UNLIMITED,
    debates_limit: UNLIMITED,
    rag_enabled: true,
    rag_indices_limit: UNLIMITED,
    rag_max_bytes: 1024 * 1024 * MB,
    most_popular: false,
  },
];

export function planById(id: PlanId): PlanDetails {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** Position in the ladder free < base < pro < business < enterprise. */
export const planRank = (id: PlanId) => PLAN_ORDER.indexOf(id);

/** The public shape of GET /api/plans (spec 000 §3). */
export function publicPlan({
  id,
  name,
  price,
  description,
  queries_limit,
  debates_limit,
  rag_enabled,
  rag_indices_limit,
}: PlanDetails): Plan {
  return { id, name, price, description, queries_limit, debates_limit, rag_enabled, rag_indices_limit };
}
