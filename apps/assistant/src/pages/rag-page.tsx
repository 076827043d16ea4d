import { ragGate } from "@oystar/plans-and-gates";
import { RagUpsell } from "@oystar/plans-and-gates/react";
import { LoadingScreen } from "@oystar/ui-kit/react";
import { useAssistantContext } from "../layout/assistant-context";
import { messages } from "../messages";
import { ModulePage } from "./module-page";

/** spec 000 §2: the RAG gates — rag_enabled, then business or enterprise; a failure is free. */
export function Component() {
  const { subscription, subscriptionFailed } = useAssistantContext();
  if (!subscription && !subscriptionFailed) return <LoadingScreen />;
  if (ragGate(subscription) === "promo") return <RagUpsell currentPlan={subscription?.plan ?? "free"} />;
  return <ModulePage {...messages.rag} />;
}
