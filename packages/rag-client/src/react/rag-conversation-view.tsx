import type { ChatCard, ChatMessage, ReadAloud } from "@oystar/conversation";
import { MessageActions, MessageList } from "@oystar/conversation/react";
import { pdfMessages } from "@oystar/pdf-tools";
import { downloadFile } from "@oystar/ui-kit/react";
import { useCallback, useMemo, type ReactNode } from "react";
import { useShallow } from "zustand/react/shallow";
import { ragAnswerPdf, ragAnswerPdfFileName } from "../answer-pdf";
import type { RagMessage } from "../rag-conversation";
import type { RagSession } from "../rag-session";
import { RagAnswer } from "./rag-answer";
import { useRag } from "./use-rag";

export type RagConversationViewProps = {
  session: RagSession;
  readAloud: ReadAloud;
  /** How the screen shows a card (the QUOTA_EXCEEDED_UPGRADE card of spec 001 §8). */
  renderCard: (card: ChatCard) => ReactNode;
};

/**
 * spec 001 §2, §4: the conversation — questions, answers streaming with the blinking cursor,
 * each finished answer with its sources, and copy, read aloud (or stop), share and download as a
 * PDF with the passages it rests on (issue 25) under it.
 */
export function RagConversationView({ session, readAloud, renderCard }: RagConversationViewProps) {
  const { messages, partial, loading, answerId } = useRag(
    session,
    useShallow((state) => ({
      messages: state.conversation.messages,
      partial: state.partial,
      loading: state.loading,
      answerId: state.answerId,
    })),
  );
  // The list hands back the floor's messages; their RAG sources are read from the conversation.
  const byId = useMemo(() => new Map<string, RagMessage>(messages.map((message) => [message.id, message])), [messages]);
  // While it streams an answer has no sources on screen yet: they come with its last list.
  const renderAnswer = useCallback(
    (message: ChatMessage, streaming: boolean) => {
      const known = byId.get(message.id);
      return <RagAnswer message={known ?? message} sources={known?.sources} streaming={streaming} />;
    },
    [byId],
  );
  const downloadPdf = useCallback(
    (message: ChatMessage) => {
      const answer = byId.get(message.id);
      if (!answer) return;
      const asked = messages.slice(0, messages.indexOf(answer)).findLast((earlier) => earlier.role === "user");
      const date = new Date();
      ragAnswerPdf(answer, asked?.content ?? null, date).then(
        (pdf) => downloadFile(pdf, ragAnswerPdfFileName(date)),
        () => session.notify(pdfMessages.generationFailed),
      );
    },
    [byId, messages, session],
  );
  const renderActions = useCallback(
    (message: ChatMessage) => {
      const kind = byId.get(message.id)?.kind;
      if (kind === "error") return null;
      return (
        <MessageActions
          message={message}
          readAloud={readAloud}
          onNotice={session.notify}
          onDownloadPdf={kind === "summary" ? undefined : downloadPdf}
        />
      );
    },
    [byId, readAloud, session, downloadPdf],
  );
  return (
    <MessageList
      messages={messages}
      partial={partial}
      loading={loading}
      answerId={answerId}
      renderCard={renderCard}
      renderAnswer={renderAnswer}
      renderActions={renderActions}
    />
  );
}
