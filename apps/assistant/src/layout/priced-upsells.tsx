import { DebateUpsell, RagUpsell } from "@oystar/plans-and-gates/react";
import { usePriceVat } from "./use-price-vat";

// The upsells with their prices as the server means them (issue 51 §3): the VAT setting is asked
// for only when an upsell is shown.

export function PricedRagUpsell({ currentPlan }: { currentPlan: string }) {
  return <RagUpsell currentPlan={currentPlan} vat={usePriceVat()} />;
}

export function PricedDebateUpsell() {
  return <DebateUpsell vat={usePriceVat()} />;
}
