import { API_PATHS, HttpError, parseCheckoutSession, planIdSchema, subscriptionStatusResponseSchema, type PlanId } from "@oystar/api-client";
import { useLoad } from "@oystar/api-client/react";
import { useApiClient, useAuth } from "@oystar/auth/react";
import { choosePlan, planMessages, PLANS, publicPlan } from "@oystar/plans-and-gates";
import { PlanGrid } from "@oystar/plans-and-gates/react";
import { Notice } from "@oystar/ui-kit/react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { z } from "zod";

// The catalogue GET /api/plans serves, from the same package: drawn with the page (and in its
// prerendered HTML), so nothing moves when the page comes to life (issue 15: layout shift).
const publicPlans = PLANS.map(publicPlan);

type Alert = { tone: "warning" | "error"; text: string } | null;

/** /subscription (spec 000 §2, §4): the plans, and the way to buy one. */
export function SubscriptionPage({ goTo }: { goTo: (url: string) => void }) {
  const auth = useAuth();
  const api = useApiClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = planIdSchema.safeParse(params.get("plan")).data ?? null;
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);
  const [alert, setAlert] = useState<Alert>(null);
  const signedIn = auth.status === "authenticated";
  const status = useLoad(() => (signedIn ? api.get(API_PATHS.subscriptionStatus, subscriptionStatusResponseSchema) : null), [api, signedIn]);
  // spec 000 §4: a failed status check counts as the free plan.
  const currentPlan = status.data?.plan ?? (status.status === "failed" ? "free" : null);

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
          const session = parseCheckoutSession(await api.post(API_PATHS.checkoutSession, { plan: action.plan }, z.unknown()));
          goTo(session.checkout_url);
        } catch (error) {
          const reason = error instanceof HttpError ? error.serverMessage : error instanceof Error ? error.message : undefined;
          setAlert({ tone: "error", text: planMessages.checkoutError(reason || planMessages.paymentError) });
          setBusyPlan(null);
        }
    }
  }

  return (
    <section className="subscription">
      <h1>Piani e prezzi</h1>
      <p>Il piano Free è gratuito per sempre e non chiede la carta. Puoi cambiare piano quando vuoi.</p>
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
      />
    </section>
  );
}
