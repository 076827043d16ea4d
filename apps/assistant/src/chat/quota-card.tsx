import { chatMessages } from "@oystar/chat-core";
import { formatPrice, PLANS } from "@oystar/plans-and-gates";
import { buttonClassName } from "@oystar/ui-kit";
import { Card } from "@oystar/ui-kit/react";

/** spec 001 §8: the card shown for QUOTA_EXCEEDED_UPGRADE. */
export function QuotaCard() {
  return (
    <Card title={chatMessages.quotaTitle} headingLevel={3}>
      <p>{chatMessages.quotaText}</p>
      <ul>
        {PLANS.filter((plan) => plan.id !== "free").map((plan) => (
          <li key={plan.id}>
            {plan.name}: {formatPrice(plan.price)}
            {plan.price !== null ? " al mese" : ""}
          </li>
        ))}
      </ul>
      <a className={buttonClassName()} href="/subscription">
        Passa a un piano superiore
      </a>
    </Card>
  );
}
