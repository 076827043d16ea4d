import { describe, expect, test } from "vitest";
import { planById, PLANS, publicPlan } from "./catalogue";
import { formatStorage, planFeatures } from "./plan-card";
import { choosePlan } from "./choose-plan";
import { debateGate, ragGate } from "./gates";
import { formatQuota, quotaResetAt, usageMonth } from "./quota";

test("the catalogue holds the spec's five plans and constants", () => {
  expect(PLANS.map((plan) => plan.id)).toEqual(["free", "base", "pro", "business", "enterprise"]);
  expect(planById("free")).toMatchObject({ price: 0, queries_limit: 50, debates_limit: 0, rag_enabled: false });
  expect(planById("base")).toMatchObject({ price: 9.99, queries_limit: 300, debates_limit: 30 });
  expect(planById("pro")).toMatchObject({ price: 29.99, queries_limit: 1000, debates_limit: 100, most_popular: true });
  expect(planById("business")).toMatchObject({
    price: 99.99,
    queries_limit: -1,
    debates_limit: -1,
    rag_indices_limit: 3,
    rag_max_bytes: 104857600,
  });
  expect(planById("enterprise")).toMatchObject({ price: null, rag_enabled: true, rag_max_bytes: 1024 ** 4 });
});

const signedIn = (currentPlan: "free" | "base" | "pro" | "business" | "enterprise") => ({
  currentPlan,
  authLoading: false,
  signedIn: true,
});

test("choosing a plan follows the spec's order", () => {
  expect(choosePlan({ target: "enterprise", currentPlan: null, authLoading: true, signedIn: false })).toEqual({ kind: "contact-sales" });
  expect(choosePlan({ target: "pro", currentPlan: null, authLoading: true, signedIn: false })).toEqual({ kind: "ignore" });
  expect(choosePlan({ target: "pro", currentPlan: null, authLoading: false, signedIn: false })).toEqual({
    kind: "login",
    returnTo: "/subscription?plan=pro&checkout=1",
  });
  expect(choosePlan({ target: "pro", ...signedIn("pro") })).toEqual({ kind: "alert", message: "Sei già sul piano Pro!" });
  expect(choosePlan({ target: "free", ...signedIn("base") })).toEqual({
    kind: "alert",
    message: "Il piano Free è quello di default. Scegli un piano premium.",
  });
  expect(choosePlan({ target: "pro", ...signedIn("business") })).toEqual({
    kind: "alert",
    message: "Downgrade non disponibile per account admin. Contatta il supporto se necessario.",
  });
  expect(choosePlan({ target: "business", ...signedIn("free") })).toEqual({ kind: "checkout", plan: "business" });
  // Same plan is checked before free: a free user choosing free hears "already on it".
  expect(choosePlan({ target: "free", ...signedIn("free") })).toEqual({ kind: "alert", message: "Sei già sul piano Free!" });
});

test("the RAG gate needs rag_enabled and a business or enterprise plan; failure is free", () => {
  expect(ragGate({ plan: "business", rag_enabled: true })).toBe("rag");
  expect(ragGate({ plan: "enterprise", rag_enabled: true })).toBe("rag");
  expect(ragGate({ plan: "pro", rag_enabled: true })).toBe("promo");
  expect(ragGate({ plan: "business", rag_enabled: false })).toBe("promo");
  expect(ragGate(null)).toBe("promo");
});

test("the debate gate shows the upsell when the plan has no debates", () => {
  expect(debateGate({ debates_limit: 0 })).toBe("upsell");
  expect(debateGate({ debates_limit: 30 })).toBe("debate");
  expect(debateGate({ debates_limit: -1 })).toBe("debate");
});

test("quotas read used/limit, ∞ for unlimited, '...' before loading", () => {
  expect(formatQuota(1, 50)).toBe("1/50");
  expect(formatQuota(7, -1)).toBe("7/∞");
  expect(formatQuota(undefined, 50)).toBe("...");
});

test("usage is counted per calendar month in UTC", () => {
  expect(usageMonth(new Date("2026-11-30T23:59:59Z"))).toBe("2026-11-01");
  expect(usageMonth(new Date("2026-12-01T00:00:00Z"))).toBe("2026-12-01");
  expect(quotaResetAt(new Date("2026-12-15T10:00:00Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
});

// Issue 14 §3: the cards read as natural Italian, with the spec's facts (spec 000 §9).
describe("plan card features", () => {
  const features = (id: Parameters<typeof planById>[0]) => planFeatures(publicPlan(planById(id)));
  test("each plan in words", () => {
    expect(features("free")).toEqual(["50 domande al mese", "Nessun dibattito", "Senza RAG", "Supporto della community"]);
    expect(features("base")).toEqual(["300 domande al mese", "30 dibattiti al mese", "Senza RAG", "Supporto via email"]);
    expect(features("pro")).toEqual(["1.000 domande al mese", "100 dibattiti al mese", "Senza RAG", "Supporto prioritario"]);
    expect(features("business")).toEqual([
      "Domande illimitate",
      "Dibattiti illimitati",
      "RAG sui tuoi documenti: 3 indici personalizzati",
      "Documenti fino a 100 MB",
    ]);
    expect(features("enterprise")).toEqual([
      "Domande illimitate",
      "Dibattiti illimitati",
      "RAG sui tuoi documenti: indici su richiesta",
      "Documenti fino a 1 TB",
    ]);
  });

  test("storage sizes as people write them", () => {
    expect(formatStorage(100 * 1024 * 1024)).toBe("100 MB");
    expect(formatStorage(1024 ** 4)).toBe("1 TB");
    expect(formatStorage(1.5 * 1024 * 1024)).toBe("1,5 MB");
  });
});
