import type { PlanId } from "@oystar/api-client";
import { Badge } from "@oystar/ui-kit/react";
import { PLANS } from "../catalogue";

/** spec 001 §2: the header's plan badge; an unknown plan shows Free. */
export function PlanBadge({ plan }: { plan: string | null | undefined }) {
  const known = PLANS.find((candidate) => candidate.id === (plan as PlanId));
  const shown = known ?? PLANS[0];
  const premium = shown && shown.id !== "free";
  return (
    <Badge tone={premium ? "brand" : "neutral"} aria-label={`Piano ${shown?.name ?? "Free"}`}>
      {shown?.name ?? "Free"}
    </Badge>
  );
}
