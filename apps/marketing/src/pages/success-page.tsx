import { ASSISTANT_PATHS } from "@oystar/api-client";
import { planById, PLANS } from "@oystar/plans-and-gates";
import { buttonClassName } from "@oystar/ui-kit";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { messages } from "../messages";

/** spec 000 §2: the plan named by the query, default Base. Checkout never sells Free, so only paid plans are named. */
function boughtPlanName(query: string | null): string {
  const id = query?.toLowerCase();
  const bought = PLANS.find((plan) => plan.id === id && plan.id !== "free");
  return (bought ?? planById("base")).name;
}

/** spec 000 §9: after payment, /chat opens by itself after 5 seconds. */
const REDIRECT_SECONDS = 5;

/**
 * /success?plan=…: the return from checkout (plan from the query, default Base). It only thanks:
 * the plan itself changes when the payment provider's signed event reaches the server.
 */
export function SuccessPage({ goTo }: { goTo: (path: string) => void }) {
  const [params] = useSearchParams();
  const plan = boughtPlanName(params.get("plan"));
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((left) => Math.max(left - 1, 0)), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (secondsLeft === 0) goTo(ASSISTANT_PATHS.chat);
  }, [secondsLeft, goTo]);

  return (
    <section className="success-page">
      <div className="oy-card success-card">
        <span className="success-card__mark" aria-hidden="true">
          ✓
        </span>
        <h1>Grazie!</h1>
        <p className="success-card__plan">Piano {plan}</p>
        <p>{messages.success.activation}</p>
        <p>{messages.success.cancelAnytime}</p>
        <p aria-live="polite">Tra {secondsLeft} secondi si apre la chat.</p>
        <p className="actions">
          <a href={ASSISTANT_PATHS.chat} className={buttonClassName()}>
            Inizia ora
          </a>
          {/* Issue 51: the subscription is managed in 'Il mio account', an assistant page (a full load). */}
          <a href={ASSISTANT_PATHS.account} className={buttonClassName({ variant: "secondary" })}>
            {messages.success.manage}
          </a>
        </p>
      </div>
    </section>
  );
}
