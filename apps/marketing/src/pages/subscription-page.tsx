import { ASSISTANT_PATHS, HttpError, parseCheckoutSession, planIdSchema, type PlanId } from "@oystar/api-client";
import { useLoad } from "@oystar/api-client/react";
import { useApiClient, useAuth } from "@oystar/auth/react";
import { CHECKOUT_CANCELLED_PARAM, choosePlan, CONTINUE_CHECKOUT_PARAM, planMessages, PLANS, publicPlan } from "@oystar/plans-and-gates";
import { PlanGrid } from "@oystar/plans-and-gates/react";
import { Notice } from "@oystar/ui-kit/react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useHydrated } from "../forms/use-hydrated";
import { usePriceVat } from "../seller/use-seller";
import { messages } from "../messages";

// The catalogue GET /api/plans serves, from the same package: drawn with the page (and in its
// prerendered HTML), so nothing moves when the page comes to life (issue 15: layout shift).
const publicPlans = PLANS.map(publicPlan);

type Alert = { tone: "info" | "warning" | "error"; text: string } | null;

/** /subscription (spec 000 §2, §4): the plans, and the way to buy one. */
export function SubscriptionPage({ goTo }: { goTo: (url: string) => void }) {
  const auth = useAuth();
  const api = useApiClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Issue 52 §7: the prerendered page knows no query: the plan asked for is marked once React owns
  // the page, or hydration finds other HTML than the server's (React error #418).
  const hydrated = useHydrated();
  const requested = hydrated ? (planIdSchema.safeParse(params.get("plan")).data ?? null) : null;
  const continuesCheckout = requested !== null && params.get(CONTINUE_CHECKOUT_PARAM) === "1";
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);
  const [alert, setAlert] = useState<Alert>(null);
  const vat = usePriceVat();
  const signedIn = auth.status === "authenticated";
  const status = useLoad(() => (signedIn ? api.call("subscriptionStatus") : null), [api, signedIn]);
  // spec 000 §4: a failed status check counts as the free plan.
  const currentPlan = status.data?.plan ?? (status.status === "failed" ? "free" : null);

  // Issue 36 §6: back from signing in with a plan chosen before it, the page goes on with that
  // plan as if chosen again, once the user's plan is known. The request leaves the address, so
  // coming back here (the checkout's 'Annulla', a reload) shows the plan without buying again.
  const continued = useRef(false);
  useEffect(() => {
    if (!continuesCheckout || !signedIn || currentPlan === null || continued.current) return;
    continued.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONTINUE_CHECKOUT_PARAM);
        return next;
      },
      { replace: true },
    );
    void onChoose(requested);
  });

  // Issue 52 §7: back from the card provider's 'Annulla', a word — then the address forgets it (a reload says nothing).
  useEffect(() => {
    if (!hydrated || params.get(CHECKOUT_CANCELLED_PARAM) !== "annullato") return;
    setAlert({ tone: "info", text: planMessages.checkoutCancelled });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHECKOUT_CANCELLED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [hydrated, params, setParams]);

  async function onChoose(target: PlanId) {
    setAlert(null);
    const action = choosePlan({ target, currentPlan, authLoading: auth.status === "loading", signedIn });
    switch (action.kind) {
      case "contact-sales":
        return navigate("/enterprise-contact");
      case "ignore":
        return;
      case "login":
        return auth.login(action.returnTo);
      case "alert":
        return setAlert({ tone: "warning", text: action.message });
      case "checkout":
        setBusyPlan(action.plan);
        try {
          const session = parseCheckoutSession(await api.call("checkoutSession", { body: { plan: action.plan } }));
          goTo(session.checkout_url);
        } catch (error) {
          // Issue 51: a running subscription changes plan in 'Il mio account', with the provider's proration.
          if (error instanceof HttpError && (error.body as { manage_url?: unknown } | null)?.manage_url === ASSISTANT_PATHS.account)
            return goTo(ASSISTANT_PATHS.account);
          const reason = error instanceof HttpError ? error.serverMessage : error instanceof Error ? error.message : undefined;
          setAlert({ tone: "error", text: planMessages.checkoutError(reason || planMessages.paymentError) });
          setBusyPlan(null);
        }
    }
  }

  return (
    <section className="subscription">
      <h1>Piani e prezzi</h1>
      <p>{messages.plans.intro}</p>
      {alert ? (
        <Notice tone={alert.tone} onDismiss={() => setAlert(null)}>
          {alert.text}
        </Notice>
      ) : null}
      <PlanGrid
        plans={publicPlans}
        checking={auth.status === "loading" || (signedIn && currentPlan === null)}
        currentPlan={currentPlan}
        requestedPlan={requested}
        busyPlan={busyPlan}
        onChoose={(plan) => void onChoose(plan)}
        vat={vat}
      />
    </section>
  );
}
