import { resetResponseSchema } from "@oystar/api-client";
import { canSend, isResetCommand, MARKERS, type ChatMessage } from "@oystar/chat-core";
import { DOCUMENT_ACTIONS, documentContext, type DocumentAction } from "@oystar/pdf-tools";
import { canUploadPdf } from "@oystar/plans-and-gates";
import { AdvancedPanel, Composer, MessageActions, MessageList, TypingDemo, useAdvancedControls, useReadAloud } from "@oystar/chat-core/react";
import { EmptyState, Notice } from "@oystar/ui-kit/react";
import { useCallback, useEffect, useState } from "react";
import { ChatPdfPanel } from "../chat/chat-pdf-panel";
import { downloadAnswerPdf } from "../chat/download-answer-pdf";
import { QuotaCard } from "../chat/quota-card";
import { useChatPdf } from "../chat/use-chat-pdf";
import { useChatSession } from "../chat/use-chat-session";
import { useAssistantContext } from "../layout/assistant-context";
import { useSignedInApi } from "../layout/use-signed-in-api";
import { messages } from "../messages";

/** spec 001 §4: the plan and quotas are read again 500 ms after each question. */
const QUOTA_REFRESH_DELAY_MS = 500;

/** /chat (spec 001 §2): the plain chat. */
export function Component() {
  const { subscription, profile, backend, offlineModel, globalSettings, setClearChat } = useAssistantContext();
  const api = useSignedInApi();
  const [chat, session] = useChatSession(profile?.isAdmin ?? false);
  const [input, setInput] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const [advancedOpen] = useAdvancedControls();
  const [typingDemoOpen, setTypingDemoOpen] = useState(false);
  const readAloud = useReadAloud();
  const [pdfState, pdf] = useChatPdf();
  const loadedPdf = pdfState.phase.name === "loaded" ? pdfState.phase.pdf : null;
  // spec 001 §2: answers can be saved as PDF while a PDF is loaded or was just used.
  const pdfName = loadedPdf?.name ?? (pdfState.phase.name === "used" ? pdfState.phase.record.name : null);

  // spec 001 §2: the header's clear-chat button belongs to this screen (a new chat starts without the PDF).
  useEffect(() => {
    setClearChat(() => {
      readAloud.stop();
      session.clear();
      pdf.remove();
    });
    return () => setClearChat(null);
  }, [setClearChat, session, readAloud, pdf]);

  // spec 001 §7 (GET /api/settings): the chat starts from the admin's default model (and follows a new one saved).
  const defaultModel = globalSettings?.settings.pigna_ai_model;
  useEffect(() => {
    if (defaultModel) session.setModel(defaultModel);
  }, [defaultModel, session]);

  const sendable = canSend({ input, loading: chat.loading, backend, blocked: chat.blocked });

  async function submit() {
    if (!sendable) return;
    const text = input;
    setInput("");
    if (isResetCommand(text)) {
      const answer = await api?.post("/api/ollama/reset", { provider: "cloud", models: [chat.options.model] }, resetResponseSchema).catch(() => null);
      setNotice(answer ? `${answer.message} ${answer.details.actions.join(" · ")}` : messages.chat.resetLocalOnly);
      return;
    }
    await ask(text);
  }

  /** spec 001 §4: a loaded PDF goes with one question only, then stays as a reduced record. */
  async function ask(question: string) {
    const answered = await session.send(question, loadedPdf ? { document: documentContext(loadedPdf) } : {});
    if (answered && loadedPdf) pdf.markUsed();
    setTimeout(subscription.refresh, QUOTA_REFRESH_DELAY_MS);
  }

  /** spec 001 §2: verbale, riassunto, actions — a question about the loaded PDF, under the same send rules. */
  function runDocumentAction(action: DocumentAction) {
    if (!loadedPdf) return;
    const request = DOCUMENT_ACTIONS[action].request(loadedPdf.name);
    if (canSend({ input: request, loading: chat.loading, backend, blocked: chat.blocked })) void ask(request);
  }

  const renderActions = useCallback(
    (message: ChatMessage) => (
      <MessageActions
        message={message}
        readAloud={readAloud}
        onNotice={setNotice}
        onDownloadPdf={
          pdfName
            ? () => void downloadAnswerPdf(message, pdfName).catch((error: Error) => setNotice(error.message))
            : undefined
        }
      />
    ),
    [readAloud, pdfName],
  );

  return (
    <div className="chat">
      <title>{`${messages.chat.title} — OYSTAR`}</title>
      {advancedOpen ? (
        <AdvancedPanel
          options={chat.options}
          onModelChange={session.setModel}
          onDeepThinkChange={session.setDeepThink}
          onOpenTypingDemo={() => setTypingDemoOpen(true)}
        />
      ) : null}
      <TypingDemo open={typingDemoOpen} onClose={() => setTypingDemoOpen(false)} model={chat.options.model} />
      {chat.conversation.messages.length === 0 && !chat.loading ? (
        <EmptyState headingLevel={1} title={messages.chat.title} description={messages.chat.description} />
      ) : (
        <h1 className="oy-visually-hidden">{messages.chat.title}</h1>
      )}
      {offlineModel ? (
        <Notice tone="info" title={messages.chat.offlineModelTitle}>
          {messages.chat.offlineModelText}
        </Notice>
      ) : null}
      <MessageList
        messages={chat.conversation.messages}
        partial={chat.partial}
        loading={chat.loading}
        answerId={chat.answerId}
        renderMarker={renderMarker}
        renderActions={renderActions}
      />
      {chat.alert ? (
        <Notice tone="error" onDismiss={session.dismissAlert}>
          {chat.alert}
        </Notice>
      ) : null}
      {notice ? (
        <Notice tone="info" onDismiss={() => setNotice(null)}>
          {notice}
        </Notice>
      ) : null}
      <ChatPdfPanel
        state={pdfState}
        context={pdf}
        // spec 001 §4: the plain chat counts a failed status read as the free plan.
        allowed={subscription.status ? canUploadPdf(subscription.status.plan) : subscription.failed ? false : null}
        answering={chat.loading}
        onAction={runDocumentAction}
        onMoreActions={() => {
          session.dropLastExchange();
          pdf.reload();
        }}
      />
      <Composer
        value={input}
        onChange={setInput}
        onSend={() => void submit()}
        onStop={session.stop}
        sendable={sendable}
        loading={chat.loading}
        blocked={chat.blocked}
        offline={backend === "offline"}
      />
    </div>
  );
}

function renderMarker(marker: string) {
  return marker === MARKERS.quotaExceeded ? <QuotaCard /> : null;
}
