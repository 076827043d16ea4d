import type { IndicesList } from "@oystar/api-client";
import { useLoad } from "@oystar/api-client/react";
import { useApiClient } from "@oystar/auth/react";
import {
  asKeptDebate,
  keptDebateId,
  keptDebateOf,
  createDebateSession,
  debateDefaultsFrom,
  httpDebateFeedback,
  httpDebatePorts,
  systemTime,
  watchDebateQuota,
} from "@oystar/debate-engine";
import { DebateScreen, useDebateSession, type DocumentsIndex } from "@oystar/debate-engine/react";
import { debateGate, ragGate } from "@oystar/plans-and-gates";
import { createSourceViewer, httpSourceViewer } from "@oystar/conversation";
import { SourceViewerProvider, useReadAloud } from "@oystar/conversation/react";
import { loadIndices } from "@oystar/rag-client";
import { Button, LoadingScreen, Notice, Spinner } from "@oystar/ui-kit/react";
import { useEffect, useMemo, useState } from "react";
import { useKeptDebate } from "../history/use-kept-debate";
import { useConversationAddress, type ConversationScreen } from "../history/use-conversation-address";
import { useAssistantContext } from "../layout/assistant-context";
import { PricedDebateUpsell } from "../layout/priced-upsells";
import { OfflineModelNotice } from "../layout/offline-model-notice";
import { messages } from "../messages";
import { loadPdfjs } from "../pdfjs";

/** spec 001 §2: the debate gate — no debates in the plan (limit 0) shows the upsell. */
export function Component() {
  const { subscription, subscriptionFailed } = useAssistantContext();
  if (!subscription && !subscriptionFailed) return <LoadingScreen />;
  if (debateGate(subscription) === "upsell") return <PricedDebateUpsell />;
  return <DebatePage />;
}

/** /debate (spec 001 §2): wiring only — one debate session per visit, over the signed-in API. */
function DebatePage() {
  const { refreshSubscription, globalSettings, offlineModel, chatModels, subscription, history, tellUnknownAddress, showConversations } =
    useAssistantContext();
  const readAloud = useReadAloud();
  const api = useApiClient();
  // The debate's calls go to the server as structured calls carrying the debate's id (DESIGN.md §4).
  const create = useMemo(() => () => createDebateSession({ ...systemTime, ...httpDebatePorts({ api }) }), [api]);
  const session = useDebateSession(create);
  const sendFeedback = useMemo(() => httpDebateFeedback(api), [api]);

  // spec 001 §7 (GET /api/settings): length, auto mode and models A and B are the admin's defaults.
  const settings = globalSettings?.settings;
  useEffect(() => {
    if (settings) session.configure(debateDefaultsFrom(settings));
  }, [session, settings]);

  // spec 001 §7: the header's debate counter is read again after the increment and each debate.
  useEffect(() => watchDebateQuota(session.store, refreshSubscription), [session, refreshSubscription]);

  // Issue 35 §1: the debate is kept on this device as it happens; issue 50 §2: at /debate/:id,
  // where a kept one opens.
  useKeptDebate(session, history, offlineModel);
  const [unreadable, setUnreadable] = useState(false);
  const screen = useMemo<ConversationScreen>(
    () => ({
      current() {
        const kept = keptDebateOf(session.store.getState(), { offline: offlineModel });
        return kept ? { id: keptDebateId(kept), said: true } : { id: "", said: false };
      },
      subscribe: (listener) => session.store.subscribe(listener),
      open(conversation) {
        readAloud.stop();
        const kept = asKeptDebate(conversation.moduleState);
        setUnreadable(!kept);
        if (kept) session.open(kept);
        return true;
      },
      clear() {
        readAloud.stop();
        session.newDebate();
      },
    }),
    [session, readAloud, offlineModel],
  );
  useConversationAddress("debate", screen, history, tellUnknownAddress);

  // issue 26 §2: 'Basati sui documenti' is the RAG plans' (Business, Enterprise), over the indexes
  // the user may ask (GET /api/indices/list); the server refuses any other plan or index.
  const documents = ragGate(subscription) === "rag";
  const indices = useLoad(() => (documents ? loadIndices(api) : null), [api, documents]);
  const indexes = useMemo(() => (indices.status === "loaded" && indices.data ? documentsIndexes(indices.data) : undefined), [indices]);
  // Issue 25's source viewer (the floor's, as RAG's): a quote's [n] opens its passage there, in its
  // document; pdf.js loads with the first PDF shown.
  const [viewer] = useState(() => createSourceViewer(httpSourceViewer(api)));

  return (
    <div className="debate-page">
      <title>{`${messages.debate.title} — OYSTAR`}</title>
      <header className="debate-page__header">
        <h1 className="debate-page__title">{messages.debate.title}</h1>
        <p className="debate-page__description">{messages.debate.description}</p>
      </header>
      {offlineModel ? <OfflineModelNotice details={messages.debate.offlineModelText} /> : null}
      <div className="chat-toolbar">
        <Button variant="ghost" size="sm" onClick={showConversations}>
          {messages.history.open}
        </Button>
      </div>
      {unreadable ? (
        <Notice tone="error" onDismiss={() => setUnreadable(false)}>
          {messages.history.debateUnreadable}
        </Notice>
      ) : null}
      {/* The screen waits for the admin's defaults, so they never overwrite what the user sets. */}
      {/* spec 001 §5: chat and debate select among the same models — those the gateway serves. The
          offline model answers whichever is named, so then the spec's two stay on offer. */}
      {settings ? (
        <SourceViewerProvider viewer={viewer} loadPdfRenderer={loadPdfjs}>
          <DebateScreen
            session={session}
            sendFeedback={sendFeedback}
            models={chatModels.offline ? undefined : chatModels.models}
            indexes={indexes}
            offline={offlineModel}
          />
        </SourceViewerProvider>
      ) : (
        <Spinner />
      )}
    </div>
  );
}

/** The indexes as the controls offer them: the list's names, with their labels where it gives them. */
const documentsIndexes = (list: IndicesList): DocumentsIndex[] =>
  list.indices.map((name) => ({ name, label: list.details?.find((detail) => detail.name === name)?.label ?? name }));
