import { Badge } from "@oystar/ui-kit/react";
import { planMessages } from "../messages";
import { formatQuota, hasQuotaLeft } from "../quota";

export type QuotaBadgeProps = {
  /** What is counted: "Domande" in chat and RAG, "Dibattiti" on /debate (spec 001 §2). */
  label: string;
  used: number | null | undefined;
  limit: number | null | undefined;
};

export function QuotaBadge({ label, used, limit }: QuotaBadgeProps) {
  const text = formatQuota(used, limit);
  // Issue 52 §5: a plan without the module (limit 0) has nothing used up: not an alarm, and the tooltip says why.
  const notIncluded = limit === 0;
  const exhausted = used != null && limit != null && !notIncluded && !hasQuotaLeft(used, limit);
  // issue 36 §7: the chip says what it counts ('Domande: 0/50'), not the figures alone.
  const said = `${label}: ${text}`;
  return (
    <Badge tone={exhausted ? "danger" : "neutral"} aria-label={said} title={notIncluded ? planMessages.notIncluded(label) : undefined}>
      {said}
    </Badge>
  );
}
