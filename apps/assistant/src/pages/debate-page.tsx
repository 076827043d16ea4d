import { debateGate } from "@oystar/plans-and-gates";
import { DebateUpsell } from "@oystar/plans-and-gates/react";
import { LoadingScreen } from "@oystar/ui-kit/react";
import { useAssistantContext } from "../layout/assistant-context";
import { messages } from "../messages";
import { ModulePage } from "./module-page";

/** spec 001 §2: the debate gate — no debates in the plan (limit 0) shows the upsell. */
export function Component() {
  const { subscription, subscriptionFailed } = useAssistantContext();
  if (!subscription && !subscriptionFailed) return <LoadingScreen />;
  if (debateGate(subscription) === "upsell") return <DebateUpsell />;
  return <ModulePage {...messages.debate} />;
}
