import { Badge } from "@oystar/ui-kit/react";
import { formatQuota, hasQuotaLeft } from "../quota";

export type QuotaBadgeProps = {
  /** What is counted: "Domande" in chat and RAG, "Dibattiti" on /debate (spec 001 §2). */
  label: string;
  used: number | null | undefined;
  limit: number | null | undefined;
};

export function QuotaBadge({ label, used, limit }: QuotaBadgeProps) {
  const text = formatQuota(used, limit);
  const exhausted = used != null && limit != null && !hasQuotaLeft(used, limit);
  // issue 36 §7: the chip says what it counts ('Domande: 0/50'), not the figures alone.
  const said = `${label}: ${text}`;
  return (
    <Badge tone={exhausted ? "danger" : "neutral"} aria-label={said}>
      {said}
    </Badge>
  );
}
