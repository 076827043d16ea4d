import { buttonClassName } from "@oystar/ui-kit";
import { Badge, Card } from "@oystar/ui-kit/react";
import { planById, publicPlan, type PlanDetails } from "../catalogue";
import { planMessages } from "../messages";
import { planFeatures } from "../plan-card";
import { formatMonthlyPrice, type VatSettings } from "../price";
import { PlanPrice } from "./plan-price";

function Comparison({ plans, recommended, vat }: { plans: PlanDetails[]; recommended?: string; vat?: VatSettings }) {
  return (
    <ul className="oy-upsell__plans">
      {plans.map((plan) => (
        <li key={plan.id} className={plan.id === recommended ? "oy-plan oy-plan--popular" : "oy-plan"} aria-label={plan.name}>
          <div className="oy-plan__badges">{plan.id === recommended ? <Badge tone="brand">Consigliato</Badge> : null}</div>
          <h3 className="oy-plan__name">{plan.name}</h3>
          <div className="oy-plan__price-box">
            <PlanPrice price={plan.price} vat={vat} />
          </div>
          <ul className="oy-plan__features">
            {planFeatures(publicPlan(plan)).map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * spec 000 §2 / spec 001 §2: the RAG promo for free, base and pro. Links are plain anchors: the
 * plans page belongs to the site, a full page load away from the assistant.
 */
export function RagUpsell({ currentPlan, vat }: { currentPlan: string; vat?: VatSettings }) {
  const business = planById("business");
  // One name per plan everywhere (issue 27 §5): the plan is named as its card beside it is.
  const current = planById(currentPlan === "base" || currentPlan === "pro" ? currentPlan : "free");
  return (
    <Card title="OYSTAR RAG è incluso nel piano Business">
      <p>
        {planMessages.currentPlanIs} <strong>{current.name}</strong>
      </p>
      <Comparison plans={[current, business]} recommended="business" vat={vat} />
      <ul>
        <li>Business: {formatMonthlyPrice(business.price, vat)}</li>
        <li>{planMessages.customIndexes}</li>
        <li>{planMessages.indexingTime}</li>
      </ul>
      <a className={buttonClassName({ size: "lg" })} href="/subscription?plan=business">
        Passa a Business
      </a>
    </Card>
  );
}

/**
 * spec 001 §2: the debate upsell when the plan has no debates — Free, Base (recommended) and Pro
 * compared. Issue 52 §5: it names every plan with debates (Business has them too), beside the
 * header's 'Dibattiti: 0/0'.
 */
export function DebateUpsell({ vat }: { vat?: VatSettings }) {
  return (
    <Card title={planMessages.debatesNotIncluded}>
      <p>{planMessages.debatesIncludedIn}</p>
      <Comparison plans={[planById("free"), planById("base"), planById("pro")]} recommended="base" vat={vat} />
      <p>Pagamento sicuro con carta tramite il nostro fornitore di pagamenti. Disdici quando vuoi da Il mio account.</p>
      <div className="oy-upsell__actions">
        <a className={buttonClassName({ variant: "ghost" })} href="/">
          Torna Indietro
        </a>
        <a className={buttonClassName()} href="/subscription?plan=base">
          Passa a Base
        </a>
        <a className={buttonClassName({ variant: "secondary" })} href="/subscription?plan=pro">
          Scopri Pro
        </a>
      </div>
    </Card>
  );
}
