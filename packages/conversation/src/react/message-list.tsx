import { bringIntoView } from "@oystar/ui-kit";
import { memo, useEffect, useRef, type ReactNode, type Ref } from "react";
import type { ChatMessage } from "../message";
import type { ChatCard } from "../markers";
import { conversationMessages } from "../messages";
import { AnswerBlocks } from "./answer-blocks";
import { preloadAnswerRenderer } from "./answer-markdown";
import { QuestionEditor, VersionSwitch } from "./message-versions";

export type MessageListProps = {
  messages: readonly ChatMessage[];
  /** The answer as it streams in. */
  partial: string;
  loading: boolean;
  /** The id the streaming answer's message will have: it stays the same element when it ends. */
  answerId?: string | null;
  /** How a screen shows its cards (the quota card, …). */
  renderCard: (card: ChatCard) => ReactNode;
  /** The actions under a finished answer. */
  renderActions?: (message: ChatMessage) => ReactNode;
  /** How a screen shows an answer's words (with its sources, say); AnswerBlocks by default. */
  renderAnswer?: (message: ChatMessage, streaming: boolean) => ReactNode;
  /** Issue 50 §4: the versions from a message on, shown one at a time ('‹ 2 di 3 ›'). */
  onShowVersion?: (message: ChatMessage, step: -1 | 1) => void;
  /** Issue 50 §4: 'Modifica' on the user's last question, sent again as a new version. */
  onEditQuestion?: (message: ChatMessage, text: string) => void;
};

/** spec 001 §2: after a complete answer, scroll to its start after 400 ms (at once for less motion). */
export const SCROLL_TO_ANSWER_DELAY_MS = 400;

/**
 * The conversation. Finished messages are memoised, so a streaming answer re-renders only itself;
 * user messages are plain text, answers are safe Markdown.
 */
export function MessageList({
  messages,
  partial,
  loading,
  answerId,
  renderCard,
  renderActions,
  renderAnswer,
  onShowVersion,
  onEditQuestion,
}: MessageListProps) {
  const lastMessage = useRef<HTMLLIElement>(null);
  const count = messages.length;
  const streamingAnswer: ChatMessage | null = loading
    ? { id: answerId ?? "streaming", role: "assistant", content: partial, timestamp: 0 }
    : null;
  const shown = streamingAnswer ? [...messages, streamingAnswer] : messages;
  const lastQuestion = onEditQuestion ? messages.findLast((message) => message.role === "user" && !message.card)?.id : undefined;
  // The renderer loads while the user types the first question, not once its answer is there.
  useEffect(preloadAnswerRenderer, []);
  useEffect(() => {
    if (count === 0) return;
    const timer = setTimeout(() => bringIntoView(lastMessage.current), SCROLL_TO_ANSWER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [count]);
  return (
    // Screen readers hear a finished answer once: aria-busy holds announcements while it streams.
    <ol className="chat-messages" aria-live="polite" aria-busy={loading}>
      {/* One keyed list: the streaming answer becomes its message in place, without a remount. */}
      {shown.map((message, index) => (
        <MessageItem
          key={message.id}
          message={message}
          streaming={message === streamingAnswer}
          anchor={index === count - 1 ? lastMessage : undefined}
          renderCard={renderCard}
          renderActions={renderActions}
          renderAnswer={renderAnswer}
          onShowVersion={onShowVersion}
          onEditQuestion={message.id === lastQuestion ? onEditQuestion : undefined}
          busy={loading}
        />
      ))}
    </ol>
  );
}

type MessageItemProps = Pick<MessageListProps, "renderCard" | "renderActions" | "renderAnswer" | "onShowVersion" | "onEditQuestion"> & {
  message: ChatMessage;
  anchor?: Ref<HTMLLIElement>;
  streaming?: boolean;
  /** An answer is being written: versions and edits wait. */
  busy?: boolean;
};

const MessageItem = memo(function MessageItem({
  message,
  anchor,
  streaming = false,
  renderCard,
  renderActions,
  renderAnswer,
  onShowVersion,
  onEditQuestion,
  busy = false,
}: MessageItemProps) {
  const { role, content, card, label, attachment, basedOn } = message;
  let body: ReactNode;
  if (card) body = renderCard(card);
  else if (role === "user")
    body = (
      <>
        {/* Issue 50 §5: the question as the user asked it, and the document that went with it. */}
        <p className="chat-message__text">{label ?? content}</p>
        {attachment ? (
          <p className="chat-attachment">
            <DocumentIcon />
            <span className="oy-visually-hidden">{conversationMessages.attachmentLabel}</span>
            {conversationMessages.attachment(attachment.name, attachment.pages)}
          </p>
        ) : null}
      </>
    );
  else if (renderAnswer) body = renderAnswer(message, streaming);
  else body = <AnswerBlocks text={content} streaming={streaming} firstCharacterMs={message.firstCharacterMs} />;
  return (
    <li ref={anchor} className={`chat-message chat-message--${role}`}>
      <span className="oy-visually-hidden">{role === "user" ? conversationMessages.you : conversationMessages.assistant}</span>
      {body}
      {role === "assistant" && basedOn && !streaming ? (
        <p className="chat-message__based-on">{conversationMessages.basedOn(basedOn)}</p>
      ) : null}
      {onShowVersion && message.versions ? <VersionSwitch message={message} onShow={onShowVersion} disabled={busy} /> : null}
      {role === "user" && onEditQuestion ? <QuestionEditor message={message} onSend={onEditQuestion} disabled={busy} /> : null}
      {role === "assistant" && !streaming && !card ? renderActions?.(message) : null}
    </li>
  );
});

/** A sheet of paper with a folded corner. */
function DocumentIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
      <path d="M14 3v5h5" />
    </svg>
  );
}
