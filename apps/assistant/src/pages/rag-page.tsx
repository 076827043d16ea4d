import { ASSISTANT_PATHS } from "@oystar/api-client";
import { useLoad } from "@oystar/api-client/react";
import { useApiClient } from "@oystar/auth/react";
import { createSourceViewer, httpSourceViewer, MARKERS, systemClock, type ChatCard } from "@oystar/conversation";
import { useReadAloud } from "@oystar/conversation/react";
import { ragGate } from "@oystar/plans-and-gates";
import { createRagSession, httpAskStream, httpResumeAsk, indexesInUse, loadIndices } from "@oystar/rag-client";
import { RagScreen, useRagSession } from "@oystar/rag-client/react";
import { buttonClassName } from "@oystar/ui-kit";
import { Button, LoadingScreen, Spinner } from "@oystar/ui-kit/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { QuotaCard } from "../chat/quota-card";
import { useKeptRag } from "../history/use-kept-rag";
import { sessionScreen, useConversationAddress } from "../history/use-conversation-address";
import { useAssistantContext } from "../layout/assistant-context";
import { PricedRagUpsell } from "../layout/priced-upsells";
import { OfflineModelNotice } from "../layout/offline-model-notice";
import { useClearChat } from "../layout/use-clear-chat";
import { messages } from "../messages";
import { loadPdfjs } from "../pdfjs";

/** spec 000 §2 / 001 §2: the RAG gates — rag_enabled, then business or enterprise; a failure is free. */
export function Component() {
  const { subscription, subscriptionFailed } = useAssistantContext();
  if (!subscription && !subscriptionFailed) return <LoadingScreen />;
  if (ragGate(subscription) === "promo") return <PricedRagUpsell currentPlan={subscription?.plan ?? "free"} />;
  return <RagPage />;
}

const renderCard = (card: ChatCard) => (card === MARKERS.quotaExceeded ? <QuotaCard /> : null);

/** /rag (spec 001 §2): wiring only — one RAG conversation per visit, over the signed-in API. */
function RagPage() {
  const { refreshSubscription, globalSettings, offlineModel, health, history, tellUnknownAddress, showConversations } =
    useAssistantContext();
  const api = useApiClient();
  const readAloud = useReadAloud();
  const refresh = useRef(refreshSubscription);
  useEffect(() => {
    refresh.current = refreshSubscription;
  });
  const session = useRagSession(() =>
    createRagSession({
      ask: httpAskStream(api),
      resume: httpResumeAsk(api),
      ...systemClock,
      refreshQuota: () => refresh.current(),
    }),
  );

  // Issue 25: citations and sources open in the source viewer; pdf.js loads with the first PDF shown.
  const [viewer] = useState(() => createSourceViewer(httpSourceViewer(api)));
  const sourceViewer = useMemo(() => ({ viewer, loadPdfRenderer: loadPdfjs }), [viewer]);

  // spec 001 §7 (GET /api/settings): the RAG reads the admin's rag_ keys, and follows a new save.
  const settings = globalSettings?.settings;
  useEffect(() => {
    if (settings) session.configure(settings);
  }, [session, settings]);

  // spec 001 §7 (GET /api/indices/list): the indexes this user may ask, for the request and the empty state.
  const indices = useLoad(() => loadIndices(api), [api]);
  const list = indices.status === "loaded" ? (indices.data ?? null) : null;
  useEffect(() => session.setUsableIndexes(list?.indices ?? null), [session, list]);
  const indexNames = settings?.rag_index_names;
  const indexes = useMemo(
    () => (indices.status === "loading" || !indexNames ? null : indexesInUse(indexNames, list)),
    [indices.status, indexNames, list],
  );

  // spec 001 §2: the header's clear-chat button starts a fresh conversation.
  useClearChat(session, readAloud);

  // Issue 35 §5: the RAG conversation is kept on this device as it happens; issue 50 §2: at /rag/:id.
  useKeptRag(session, history);
  const screen = useMemo(() => sessionScreen(session, (conversation) => session.open(conversation), readAloud.stop), [session, readAloud]);
  useConversationAddress("rag", screen, history, tellUnknownAddress);

  return (
    <div className="rag-page">
      <title>{`${messages.rag.title} — OYSTAR`}</title>
      {offlineModel ? <OfflineModelNotice details={messages.rag.offlineModelText} /> : null}
      <div className="chat-toolbar">
        <Button variant="ghost" size="sm" onClick={showConversations}>
          {messages.history.open}
        </Button>
        {/* Issue 48: the customer's own documents. */}
        <Link className={buttonClassName({ variant: "ghost", size: "sm" })} to={ASSISTANT_PATHS.library}>
          {messages.rag.library}
        </Link>
      </div>
      {/* The screen waits for the admin's settings: the first question goes with them. */}
      {settings ? (
        <RagScreen
          session={session}
          indexes={indexes}
          renderCard={renderCard}
          updatedAt={globalSettings.updatedAt}
          version={globalSettings.version}
          readAloud={readAloud}
          health={health}
          sourceViewer={sourceViewer}
        />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
