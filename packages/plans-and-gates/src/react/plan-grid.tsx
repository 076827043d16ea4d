import type { Plan, PlanId } from "@oystar/api-client";
import { Badge, Button, Notice, Spinner } from "@oystar/ui-kit/react";
import { cx } from "@oystar/ui-kit";
import { planMessages } from "../messages";
import { planCardState, planFeatures } from "../plan-card";
import type { VatSettings } from "../price";
import { PlanPrice } from "./plan-price";

export type PlanGridProps = {
  /** null while loading. */
  plans: Plan[] | null;
  /** A loading failure: its message, or '' for the default. */
  error?: string | null;
  onRetry?: () => void;
  currentPlan: PlanId | null;
  /** The plan from ?plan=, shown as selected. */
  requestedPlan?: PlanId | null;
  /** The plan whose checkout is being prepared: its button shows a spinner. */
  busyPlan?: PlanId | null;
  onChoose: (plan: PlanId) => void;
  /**
   * Who is signed in, and on which plan, is still being checked: the plans are shown (the page
   * is drawn before the session is known) but a choice waits until the answer could be right.
   * Enterprise, which only leads to the sales contact, stays open.
   */
  checking?: boolean;
  /** Issue 51 §3: how the prices are meant, as the server is configured; VAT included by default. */
  vat?: VatSettings;
};

/** spec 000 §2: five columns in the order free → enterprise. */
export function PlanGrid({ plans, error, onRetry, currentPlan, requestedPlan, busyPlan, onChoose, checking = false, vat }: PlanGridProps) {
  if (error != null) {
    return (
      <Notice tone="error" title={error || planMessages.loadError}>
        {onRetry ? (
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {planMessages.retry}
          </Button>
        ) : null}
      </Notice>
    );
  }
  if (!plans) return <Spinner />;
  return (
    <ul className="oy-plan-grid">
      {plans.map((plan) => {
        const state = planCardState(plan.id, currentPlan);
        const mostPopular = plan.id === "pro";
        return (
          <li
            key={plan.id}
            className={cx(
              "oy-plan",
              mostPopular && "oy-plan--popular",
              state === "current" && "oy-plan--current",
              requestedPlan === plan.id && "oy-plan--requested",
            )}
            aria-label={plan.name}
          >
            <div className="oy-plan__badges">
              {mostPopular ? <Badge tone="brand">{planMessages.mostPopular}</Badge> : null}
              {state === "current" ? <Badge tone="success">{planMessages.currentPlan}</Badge> : null}
              {requestedPlan === plan.id && state !== "current" ? <Badge tone="warning">{planMessages.requested}</Badge> : null}
            </div>
            {/* The plans are the page's sections: under its h1, each card is an h2. */}
            <h2 className="oy-plan__name">{plan.name}</h2>
            <div className="oy-plan__price-box">
              <PlanPrice price={plan.price} vat={vat} />
            </div>
            <p className="oy-plan__description">{plan.description}</p>
            <ul className="oy-plan__features">
              {planFeatures(plan).map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <Button
              variant={mostPopular ? "primary" : "secondary"}
              // A lower plan stays pressable, labelled 'Non disponibile', so the user hears why
              // (spec 000 §4: the downgrade message).
              disabled={state === "current" || (checking && plan.price !== null)}
              className={state === "unavailable" ? "oy-plan__unavailable" : undefined}
              loading={busyPlan === plan.id}
              onClick={() => onChoose(plan.id)}
            >
              {state === "current"
                ? planMessages.currentPlan
                : state === "unavailable"
                  ? planMessages.unavailable
                  : plan.price === null
                    ? planMessages.contactUs
                    : planMessages.choose(plan.name)}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
