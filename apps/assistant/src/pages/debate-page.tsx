import { useApiClient } from "@oystar/auth/react";
import { createDebateSession, debateDefaultsFrom, httpDebateFeedback, httpDebatePorts, systemTime, watchDebateQuota } from "@oystar/debate-engine";
import { DebateScreen, useDebateSession } from "@oystar/debate-engine/react";
import { debateGate } from "@oystar/plans-and-gates";
import { DebateUpsell } from "@oystar/plans-and-gates/react";
import { LoadingScreen, Spinner } from "@oystar/ui-kit/react";
import { useEffect, useMemo } from "react";
import { useAssistantContext } from "../layout/assistant-context";
import { OfflineModelNotice } from "../layout/offline-model-notice";
import { messages } from "../messages";

/** spec 001 §2: the debate gate — no debates in the plan (limit 0) shows the upsell. */
export function Component() {
  const { subscription, subscriptionFailed } = useAssistantContext();
  if (!subscription && !subscriptionFailed) return <LoadingScreen />;
  if (debateGate(subscription) === "upsell") return <DebateUpsell />;
  return <DebatePage />;
}

/** /debate (spec 001 §2): wiring only — one debate session per visit, over the signed-in API. */
function DebatePage() {
  const { refreshSubscription, globalSettings, offlineModel, chatModels } = useAssistantContext();
  const api = useApiClient();
  // The debate's calls go to the server as structured calls carrying the debate's id (DESIGN.md §4).
  const create = useMemo(() => () => createDebateSession({ ...systemTime, ...httpDebatePorts({ api }) }), [api]);
  const session = useDebateSession(create);
  const sendFeedback = useMemo(() => httpDebateFeedback(api), [api]);

  // spec 001 §7 (GET /api/settings): length, auto mode and models A and B are the admin's defaults.
  const settings = globalSettings?.settings;
  useEffect(() => {
    if (session && settings) session.configure(debateDefaultsFrom(settings));
  }, [session, settings]);

  // spec 001 §7: the header's debate counter is read again after the increment and each debate.
  useEffect(() => (session ? watchDebateQuota(session.store, refreshSubscription) : undefined), [session, refreshSubscription]);

  return (
    <div className="debate-page">
      <title>{`${messages.debate.title} — OYSTAR`}</title>
      <header className="debate-page__header">
        <h1 className="debate-page__title">{messages.debate.title}</h1>
        <p className="debate-page__description">{messages.debate.description}</p>
      </header>
      {offlineModel ? <OfflineModelNotice details={messages.debate.offlineModelText} /> : null}
      {/* The screen waits for the admin's defaults, so they never overwrite what the user sets. */}
      {/* spec 001 §5: chat and debate select among the same models — those the gateway serves. The
          offline model answers whichever is named, so then the spec's two stay on offer. */}
      {session && settings ? <DebateScreen session={session} sendFeedback={sendFeedback} models={chatModels.offline ? undefined : chatModels.models} /> : <Spinner />}
    </div>
  );
}
