import type { ChatSession } from "@oystar/chat-core";
import { useChatState } from "@oystar/chat-core/react";
import { MARKERS, type ChatCard, type ChatMessage, type ReadAloud } from "@oystar/conversation";
import { MessageActions, MessageList } from "@oystar/conversation/react";
import type { PdfContext, PdfContextState } from "@oystar/pdf-tools";
import { usePdfContext } from "@oystar/pdf-tools/react";
import { useCallback } from "react";
import { useShallow } from "zustand/react/shallow";
import { downloadAnswerPdf } from "./download-answer-pdf";
import { QuotaCard } from "./quota-card";

/** spec 001 §2: answers can be saved as PDF while a PDF is loaded. */
const pdfInContext = ({ phase }: PdfContextState<File>) => (phase.name === "loaded" ? phase.pdf.name : null);

/** The conversation of the chat screen: the messages, their cards and the actions under each answer. */
export function ChatConversation({ session, pdf, readAloud }: { session: ChatSession; pdf: PdfContext<File>; readAloud: ReadAloud }) {
  const { messages, partial, loading, answerId } = useChatState(
    session,
    useShallow((state) => ({
      messages: state.conversation.messages,
      partial: state.partial,
      loading: state.loading,
      answerId: state.answerId,
    })),
  );
  const pdfName = usePdfContext(pdf, pdfInContext);
  const renderActions = useCallback(
    (message: ChatMessage) => (
      <MessageActions
        message={message}
        readAloud={readAloud}
        onNotice={session.notify}
        // Issue 50 §4: any answer can be asked again; the one before stays as a version.
        onRegenerate={message.card ? undefined : (answer) => void session.regenerate(answer.id)}
        onDownloadPdf={
          pdfName
            ? () =>
                void downloadAnswerPdf(message, questionBefore(messages, message), pdfName, session.notify).catch((error: Error) =>
                  session.notify(error.message),
                )
            : undefined
        }
      />
    ),
    [readAloud, pdfName, session, messages],
  );
  const showVersion = useCallback((message: ChatMessage, step: -1 | 1) => session.showVersion(message.id, step), [session]);
  const editQuestion = useCallback((message: ChatMessage, text: string) => void session.editQuestion(message.id, text), [session]);
  return (
    <MessageList
      messages={messages}
      partial={partial}
      loading={loading}
      answerId={answerId}
      renderCard={renderCard}
      renderActions={renderActions}
      onShowVersion={showVersion}
      onEditQuestion={editQuestion}
    />
  );
}

/** The question an answer answered: the user's message before it. */
function questionBefore(messages: readonly ChatMessage[], answer: ChatMessage): ChatMessage | undefined {
  const at = messages.indexOf(answer);
  return messages.slice(0, at).findLast((message) => message.role === "user" && !message.card);
}

function renderCard(card: ChatCard) {
  return card === MARKERS.quotaExceeded ? <QuotaCard /> : null;
}
