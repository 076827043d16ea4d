import type { ChatModel } from "@oystar/api-client";
import { useChatState } from "@oystar/chat-core/react";
import { useReadAloud } from "@oystar/conversation/react";
import { canUploadPdf } from "@oystar/plans-and-gates";
import { EmptyState } from "@oystar/ui-kit/react";
import { useEffect } from "react";
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
import { messages } from "../messages";

/** /chat (spec 001 §2): the plain chat — a chat session, its PDF as the document port, and their views. */
export function Component() {
  const { subscription, subscriptionFailed, refreshSubscription, profile, backend, offlineModel, modelProvider, chatModels, globalSettings } = useAssistantContext();
  const pdf = useChatPdf();
  const session = useWiredChatSession({ admin: profile?.isAdmin ?? false, backend, modelProvider, refreshQuota: refreshSubscription, document: pdf });
  const readAloud = useReadAloud();
  const empty = useChatState(session, (state) => state.conversation.messages.length === 0 && !state.loading);
  const answering = useChatState(session, (state) => state.loading);

  // spec 001 §2: the header's clear-chat button belongs to this screen (a new chat starts without the PDF).
  useClearChat(session, readAloud);

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
      {empty ? (
        <EmptyState headingLevel={1} title={messages.chat.title} description={messages.chat.description} />
      ) : (
        <h1 className="oy-visually-hidden">{messages.chat.title}</h1>
      )}
      {offlineModel ? <OfflineModelNotice details={messages.chat.offlineModelText} /> : null}
      <ChatConversation session={session} pdf={pdf} readAloud={readAloud} />
      <ChatNotices session={session} />
      <ChatPdfPanel
        context={pdf}
        // spec 001 §4: the plain chat counts a failed status read as the free plan.
        allowed={subscription ? canUploadPdf(subscription.plan) : subscriptionFailed ? false : null}
        answering={answering}
        onAction={(request) => void session.send(request)}
        onMoreActions={session.moreActions}
      />
      <ChatInput session={session} backend={backend} />
    </div>
  );
}
