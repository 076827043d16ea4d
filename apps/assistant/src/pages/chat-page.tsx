import type { ChatModel } from "@oystar/api-client";
import { useChatState } from "@oystar/chat-core/react";
import { toggleAdvancedControls } from "@oystar/conversation";
import { useAdvancedControls, useReadAloud } from "@oystar/conversation/react";
import { canUploadPdf } from "@oystar/plans-and-gates";
import { Button, EmptyState, Suggestions } from "@oystar/ui-kit/react";
import { useEffect, useMemo } from "react";
import { ChatAdvanced } from "../chat/chat-advanced";
import { ChatConversation } from "../chat/chat-conversation";
import { ChatInput } from "../chat/chat-input";
import { ChatNotices } from "../chat/chat-notices";
import { ChatPdfPanel } from "../chat/chat-pdf-panel";
import { useChatPdf } from "../chat/use-chat-pdf";
import { useWiredChatSession } from "../chat/use-chat-session";
import { useAssistantContext } from "../layout/assistant-context";
import { OfflineModelNotice } from "../layout/offline-model-notice";
import { useClearChat } from "../layout/use-clear-chat";
import { useKeptChat } from "../history/use-kept-chat";
import { sessionScreen, useConversationAddress } from "../history/use-conversation-address";
import { messages } from "../messages";

/** /chat (spec 001 §2): the plain chat — a chat session, its PDF as the document port, and their views. */
export function Component() {
  const {
    subscription,
    subscriptionFailed,
    refreshSubscription,
    profile,
    backend,
    offlineModel,
    modelProvider,
    chatModels,
    globalSettings,
    history,
    tellUnknownAddress,
    showConversations,
  } = useAssistantContext();
  const pdf = useChatPdf();
  const session = useWiredChatSession({
    admin: profile?.isAdmin ?? false,
    backend,
    modelProvider,
    refreshQuota: refreshSubscription,
    document: pdf,
  });
  const readAloud = useReadAloud();
  const empty = useChatState(session, (state) => state.conversation.messages.length === 0 && !state.loading);
  const answering = useChatState(session, (state) => state.loading);
  const [advancedOpen] = useAdvancedControls();

  // spec 001 §2: the header's clear-chat button belongs to this screen (a new chat starts without the PDF).
  useClearChat(session, readAloud);

  // Issue 35 §1: the chat is kept on this device as it happens; issue 50 §2: /chat/:id is where
  // each one lives, and a kept one opens there.
  useKeptChat(session, history);
  const screen = useMemo(() => sessionScreen(session, (conversation) => session.open(conversation), readAloud.stop), [session, readAloud]);
  useConversationAddress("chat", screen, history, tellUnknownAddress);

  // spec 001 §7 (GET /api/settings): the chat starts from the admin's default model (and follows a
  // new one saved) when the server serves it; otherwise from the first model it serves.
  const defaultModel = globalSettings?.settings.pigna_ai_model;
  const served: readonly ChatModel[] = chatModels.models;
  useEffect(() => {
    const model = defaultModel && (served.length === 0 || served.includes(defaultModel)) ? defaultModel : served[0];
    if (model) session.setModel(model);
  }, [defaultModel, served, session]);

  return (
    <div className="chat">
      <title>{`${messages.chat.title} — OYSTAR`}</title>
      <ChatAdvanced session={session} choices={chatModels} />
      {/* Issue 35 §1: the conversations kept on this device, at the top of the chat; issue 52 §5:
          the advanced settings from a labelled button (the header's version opens them too, spec 001 §2). */}
      <div className="chat-toolbar">
        <Button variant="ghost" size="sm" aria-expanded={advancedOpen} onClick={() => toggleAdvancedControls()}>
          {messages.chat.advanced}
        </Button>
        <Button variant="ghost" size="sm" onClick={showConversations}>
          <HistoryIcon />
          {messages.history.open}
        </Button>
      </div>
      {empty ? (
        <EmptyState
          headingLevel={1}
          title={messages.chat.title}
          description={messages.chat.description}
          // issue 36 §3: a click asks the question, under the same send rules as the box.
          action={
            <Suggestions
              label={messages.chat.suggestionsLabel}
              items={messages.chat.suggestions}
              onPick={(question) => void session.send(question)}
            />
          }
        />
      ) : (
        <h1 className="oy-visually-hidden">{messages.chat.title}</h1>
      )}
      {offlineModel ? <OfflineModelNotice details={messages.chat.offlineModelText} /> : null}
      <ChatConversation session={session} pdf={pdf} readAloud={readAloud} />
      <ChatPdfPanel
        context={pdf}
        // spec 001 §4: the plain chat counts a failed status read as the free plan.
        allowed={subscription ? canUploadPdf(subscription.plan) : subscriptionFailed ? false : null}
        answering={answering}
        onAction={(request, label) => void session.send(request, { label })}
      />
      {/* Issue 36 §5: the latest notice sits just above the message box, in the part that stays
          on screen, so the box never covers it. */}
      <div className="chat-dock">
        <ChatNotices session={session} />
        <ChatInput session={session} backend={backend} />
      </div>
    </div>
  );
}

/** A clock turning back: the conversations kept on this device. */
function HistoryIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}
