import type { BillingSubscription, PlanChangePreview, PlanId } from "@oystar/api-client";
import { useApiClient } from "@oystar/auth/react";
import { planById, planRank } from "@oystar/plans-and-gates";
import { Button, Dialog, downloadFile, Notice } from "@oystar/ui-kit/react";
import { useCallback, useEffect, useId, useState } from "react";
import { messages } from "../messages";
import { reasonOf } from "./my-account";
import {
  cancelScheduledChange,
  cancelSubscription,
  changePlan,
  euro,
  monthlyCharge,
  fetchInvoicePdf,
  italianDate,
  paymentDeclined,
  paymentMethodPage,
  previewChange,
  reactivateSubscription,
  readSubscription,
} from "./subscription-calls";

const text = messages.subscription;
const PAID_PLANS: readonly PlanId[] = ["base", "pro", "business"];

/**
 * Issue 51 §1: 'Abbonamento' — plan, price, renewal or end date, card — with 'Disdici abbonamento'
 * two clicks away, 'Riattiva', a change of plan that says what it costs before it is confirmed,
 * and 'Fatture'. Each action answers with the state the provider's event left; `onChanged` reads
 * the plan again for the rest of the app.
 */
export function SubscriptionSection({ onChanged, planId, planName }: { onChanged: () => void; planId?: PlanId; planName?: string }) {
  const api = useApiClient();
  const [state, setState] = useState<BillingSubscription | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The last error was a card the bank refused: the notice offers another card. */
  const [declined, setDeclined] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [change, setChange] = useState<PlanChangePreview | null>(null);
  const heading = useId();
  const invoicesHeading = useId();

  useEffect(() => {
    let live = true;
    readSubscription(api)
      .then((answer) => live && setState(answer))
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, [api]);

  const act = useCallback(
    async (work: () => Promise<BillingSubscription>) => {
      setBusy(true);
      setError(null);
      setDeclined(false);
      try {
        setState(await work());
        onChanged();
        return true;
      } catch (failure) {
        setError(reasonOf(failure, text.actionFailed));
        setDeclined(paymentDeclined(failure));
        return paymentDeclined(failure) ? ("declined" as const) : false;
      } finally {
        setBusy(false);
      }
    },
    [onChanged],
  );

  const askChange = async (plan: PlanId) => {
    setBusy(true);
    setError(null);
    try {
      setChange(await previewChange(api, plan));
    } catch (failure) {
      setError(reasonOf(failure, text.actionFailed));
    } finally {
      setBusy(false);
    }
  };

  // The provider's own page (Stripe's customer portal, or the built-in checkout's card form).
  const updateCard = async () => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign(await paymentMethodPage(api));
    } catch (failure) {
      setError(reasonOf(failure, text.actionFailed));
      setBusy(false);
    }
  };

  const download = async (id: string) => {
    try {
      const { file, name } = await fetchInvoicePdf(api, id);
      downloadFile(file, name);
    } catch (failure) {
      setError(reasonOf(failure, text.actionFailed));
    }
  };

  const subscription = state?.subscription ?? null;
  const end = subscription?.current_period_end ? italianDate(subscription.current_period_end) : null;
  const targets = subscription
    ? PAID_PLANS.filter(
        (plan) => plan !== subscription.plan && (subscription.plan !== "business" || planRank(plan) > planRank(subscription.plan)),
      )
    : [];

  return (
    <section aria-labelledby={heading}>
      <h2 id={heading}>{text.heading}</h2>
      {loadFailed ? <Notice tone="error">{text.loadFailed}</Notice> : null}
      {/* Which words depends on the plan: nothing until it is known. */}
      {state && !subscription && planId ? (
        planId !== "free" && planName ? (
          <p>{text.noneForPlan(planName)}</p>
        ) : (
          <p>
            {text.none} <a href="/subscription">{text.choosePlan}</a>
          </p>
        )
      ) : null}
      {subscription ? (
        <>
          {subscription.payment_failed ? <Notice tone="error">{text.paymentFailed}</Notice> : null}
          <dl className="assistant-subscription">
            <dt>{text.plan}</dt>
            <dd>{subscription.plan_name}</dd>
            <dt>{text.price}</dt>
            <dd>{monthlyCharge(subscription.price_cents)}</dd>
            {end ? (
              <>
                <dt>{subscription.cancel_at_period_end ? text.ends : text.renews}</dt>
                <dd>{end}</dd>
              </>
            ) : null}
            {subscription.card_last4 ? (
              <>
                <dt>{text.card}</dt>
                <dd>{text.cardDigits(subscription.card_last4)}</dd>
              </>
            ) : null}
          </dl>
          {subscription.cancel_at_period_end && end ? <p>{text.endsNote(subscription.plan_name, end)}</p> : null}
          {subscription.scheduled_plan_name && end ? (
            <p>
              {text.scheduled(end, subscription.scheduled_plan_name)}{" "}
              <Button variant="ghost" size="sm" disabled={busy} onClick={() => void act(() => cancelScheduledChange(api))}>
                {text.keepPlan(subscription.plan_name)}
              </Button>
            </p>
          ) : null}
          <p>
            <Button variant={subscription.payment_failed ? "primary" : "ghost"} disabled={busy} onClick={() => void updateCard()}>
              {text.updatePaymentMethod}
            </Button>
          </p>
          <p>
            {subscription.cancel_at_period_end ? (
              <Button loading={busy} onClick={() => void act(() => reactivateSubscription(api))}>
                {text.reactivate}
              </Button>
            ) : (
              <Button variant="secondary" disabled={busy} onClick={() => setConfirmingCancel(true)}>
                {text.cancel}
              </Button>
            )}
          </p>
          {!subscription.cancel_at_period_end && targets.length > 0 ? (
            <p>
              {targets.map((plan) => (
                <Button key={plan} variant="ghost" disabled={busy} onClick={() => void askChange(plan)}>
                  {text.changeTo(planById(plan).name)}
                </Button>
              ))}
            </p>
          ) : null}
        </>
      ) : null}
      {error ? (
        <Notice tone="error" onDismiss={() => setError(null)}>
          {error}
          {declined ? (
            <>
              {" "}
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => void updateCard()}>
                {text.updatePaymentMethod}
              </Button>
            </>
          ) : null}
        </Notice>
      ) : null}

      {state ? (
        <section aria-labelledby={invoicesHeading}>
          <h3 id={invoicesHeading}>{text.invoicesHeading}</h3>
          {state.invoices.length === 0 ? (
            <p>{text.noInvoices}</p>
          ) : (
            <div className="assistant-invoices__scroll">
              <table className="assistant-invoices">
                <thead>
                  <tr>
                    <th scope="col">{text.invoiceDate}</th>
                    <th scope="col">{text.invoiceAmount}</th>
                    <th scope="col">{text.invoiceVat}</th>
                    <th scope="col">{text.invoiceStatus}</th>
                    <th scope="col">
                      <span className="oy-visually-hidden">{text.invoiceDownload}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {state.invoices.map((invoice) => (
                    <tr key={invoice.id}>
                      <td>{italianDate(invoice.date)}</td>
                      <td>{euro(invoice.total_cents)}</td>
                      <td>{euro(invoice.vat_cents)}</td>
                      <td>{invoice.status === "paid" ? text.invoicePaid : text.invoiceOpen}</td>
                      <td>
                        <Button variant="ghost" size="sm" onClick={() => void download(invoice.id)}>
                          {text.invoiceDownload}
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ) : null}

      <Dialog
        open={confirmingCancel}
        onClose={() => (busy ? undefined : setConfirmingCancel(false))}
        title={text.cancelTitle}
        footer={
          <>
            <Button variant="ghost" disabled={busy} onClick={() => setConfirmingCancel(false)}>
              {text.keep}
            </Button>
            <Button
              variant="danger"
              loading={busy}
              onClick={() => void act(() => cancelSubscription(api)).then((done) => done && setConfirmingCancel(false))}
            >
              {text.cancelConfirm}
            </Button>
          </>
        }
      >
        {subscription && end ? <p>{text.endsNote(subscription.plan_name, end)}</p> : null}
      </Dialog>

      <Dialog
        open={change !== null}
        onClose={() => (busy ? undefined : setChange(null))}
        title={change ? text.changeTitle(planById(change.plan).name) : ""}
        footer={
          <>
            <Button variant="ghost" disabled={busy} onClick={() => setChange(null)}>
              {text.keep}
            </Button>
            <Button
              loading={busy}
              // A refused card closes the dialog: the notice beside the plan says why, with the way to another card.
              onClick={() => change && void act(() => changePlan(api, change.plan)).then((done) => done && setChange(null))}
            >
              {text.changeConfirm}
            </Button>
          </>
        }
      >
        {change ? (
          <p>
            {change.kind === "upgrade"
              ? text.dueToday(euro(change.amount_due_today_cents), monthlyCharge(change.then_monthly_cents))
              : `${text.scheduled(change.effective_at ? italianDate(change.effective_at) : "", planById(change.plan).name)}, ${monthlyCharge(change.then_monthly_cents)}`}
          </p>
        ) : null}
      </Dialog>
    </section>
  );
}
