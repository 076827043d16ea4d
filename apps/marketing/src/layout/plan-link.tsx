import { useLoad } from "@oystar/api-client/react";
import { useApiClient } from "@oystar/auth/react";
import { planById } from "@oystar/plans-and-gates";
import { Link } from "react-router";
import { messages } from "../messages";

/**
 * The plan a signed-in user holds, as the server says — read when the page opens, so right after
 * a payment it is the plan just bought (issue 36 §6). Loaded only once someone is signed in: the
 * subscription's schemas and the plan catalogue stay out of a visitor's first load (issue 15).
 */
export function PlanLink() {
  const api = useApiClient();
  const status = useLoad(() => api.call("subscriptionStatus"), [api]);
  const plan = status.data ? planById(status.data.plan) : null;
  if (!plan) return null;
  return (
    <Link to="/subscription" className="site-nav__plan">
      {messages.nav.plan(plan.name)}
    </Link>
  );
}
