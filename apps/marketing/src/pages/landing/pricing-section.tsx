import { planById, planFeatures, publicPlan } from "@oystar/plans-and-gates";
import { PlanPrice } from "@oystar/plans-and-gates/react";
import { Badge } from "@oystar/ui-kit/react";
import { usePriceVat } from "../../seller/use-seller";
import { StartButton } from "./start-button";

const shown = ["free", "base", "pro", "business"] as const;

/** spec 000 §2: four plans on the landing; the full grid is on /subscription. */
export function PricingSection() {
  const vat = usePriceVat();
  return (
    <section className="landing-section" aria-labelledby="pricing-title">
      <h2 id="pricing-title">Piani</h2>
      <ul className="pricing">
        {shown.map((id) => {
          const plan = publicPlan(planById(id));
          const highlighted = id === "pro";
          return (
            <li key={id} className={highlighted ? "oy-plan oy-plan--popular" : "oy-plan"} aria-label={plan.name}>
              <div className="oy-plan__badges">{highlighted ? <Badge tone="brand">Il più scelto</Badge> : null}</div>
              <h3 className="oy-plan__name">{plan.name}</h3>
              <div className="oy-plan__price-box">
                <PlanPrice price={plan.price} vat={vat} />
              </div>
              <ul className="oy-plan__features">
                {planFeatures(plan).map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <StartButton start={{ plan: id }} variant={highlighted ? "primary" : "secondary"}>
                {id === "free" ? "Inizia gratis" : `Scegli ${plan.name}`}
              </StartButton>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
