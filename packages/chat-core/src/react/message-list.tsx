import { memo, useEffect, useRef, type ReactNode, type Ref } from "react";
import type { ChatMessage } from "../conversation";
import { markdownBlocks } from "../markdown-blocks";
import { isMarker, type Marker } from "../markers";
import { chatMessages } from "../messages";
import { AnswerMarkdown } from "./answer-markdown";

export type MessageListProps = {
  messages: readonly ChatMessage[];
  /** The answer as it streams in. */
  partial: string;
  loading: boolean;
  /** How a screen shows its cards (the quota card, …). */
  renderMarker: (marker: Marker) => ReactNode;
  /** The actions under a finished answer. */
  renderActions?: (message: ChatMessage) => ReactNode;
};

/** spec 001 §2: after a complete answer, scroll to its start after 400 ms. */
export const SCROLL_TO_ANSWER_DELAY_MS = 400;

/**
 * The conversation. Finished messages are memoised, so a streaming answer re-renders only itself;
 * user messages are plain text, answers are safe Markdown.
 */
export function MessageList({ messages, partial, loading, renderMarker, renderActions }: MessageListProps) {
  const lastMessage = useRef<HTMLLIElement>(null);
  const count = messages.length;
  useEffect(() => {
    if (count === 0) return;
    const timer = setTimeout(() => lastMessage.current?.scrollIntoView({ block: "start", behavior: "smooth" }), SCROLL_TO_ANSWER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [count]);
  return (
    <ol className="chat-messages" aria-busy={loading}>
      {messages.map((message, index) => (
        <MessageItem
          key={message.id}
          message={message}
          anchor={index === count - 1 ? lastMessage : undefined}
          renderMarker={renderMarker}
          renderActions={renderActions}
        />
      ))}
      {loading ? (
        <li className="chat-message chat-message--assistant">
          <span className="oy-visually-hidden">{chatMessages.assistant}</span>
          <StreamingAnswer text={partial} />
        </li>
      ) : null}
    </ol>
  );
}

type MessageItemProps = Pick<MessageListProps, "renderMarker" | "renderActions"> & { message: ChatMessage; anchor?: Ref<HTMLLIElement> };

const MessageItem = memo(function MessageItem({ message, anchor, renderMarker, renderActions }: MessageItemProps) {
  const { role, content } = message;
  let body: ReactNode;
  if (isMarker(content)) body = renderMarker(content);
  else if (role === "user") body = <p className="chat-message__text">{content}</p>;
  else body = <AnswerMarkdown text={content} />;
  return (
    <li ref={anchor} className={`chat-message chat-message--${role}`}>
      <span className="oy-visually-hidden">{role === "user" ? chatMessages.you : chatMessages.assistant}</span>
      {body}
      {role === "assistant" && !isMarker(content) ? renderActions?.(message) : null}
    </li>
  );
});

/** The answer being streamed: settled blocks are parsed once, only the growing one again. */
function StreamingAnswer({ text }: { text: string }) {
  const blocks = markdownBlocks(text);
  return (
    <div className="chat-streaming">
      {blocks.map((block, index) => (
        <AnswerMarkdown key={index} text={block} />
      ))}
      <span className="chat-cursor" aria-hidden="true" />
    </div>
  );
}
