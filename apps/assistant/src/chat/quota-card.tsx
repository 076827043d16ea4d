import { chatMessages } from "@oystar/chat-core";
import { formatMonthlyPrice, PLANS } from "@oystar/plans-and-gates";
import { buttonClassName } from "@oystar/ui-kit";
import { Card } from "@oystar/ui-kit/react";
import { usePriceVat } from "../layout/use-price-vat";

/** spec 001 §8: the card shown for QUOTA_EXCEEDED_UPGRADE. */
export function QuotaCard() {
  const vat = usePriceVat();
  return (
    <Card title={chatMessages.quotaTitle} headingLevel={3}>
      <p>{chatMessages.quotaText}</p>
      <ul>
        {PLANS.filter((plan) => plan.id !== "free").map((plan) => (
          <li key={plan.id}>
            {plan.name}: {formatMonthlyPrice(plan.price, vat)}
          </li>
        ))}
      </ul>
      <a className={buttonClassName()} href="/subscription">
        Passa a un piano superiore
      </a>
    </Card>
  );
}
