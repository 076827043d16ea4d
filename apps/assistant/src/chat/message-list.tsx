import { MARKERS, type ChatMessage } from "@oystar/chat-core";
import { memo, useEffect, useRef } from "react";
import { QuotaCard } from "./quota-card";

/**
 * The conversation. Text is rendered as text (React escapes it): nothing an answer contains can
 * become markup. Finished messages are memoised so a streaming answer re-renders only itself.
 */
export function MessageList({ messages, partial, loading }: { messages: ChatMessage[]; partial: string; loading: boolean }) {
  const lastAnswer = useRef<HTMLLIElement>(null);
  const count = messages.length;
  // spec 001 §2: after a complete answer, scroll to its start after 400 ms.
  useEffect(() => {
    if (count === 0) return;
    const timer = setTimeout(() => lastAnswer.current?.scrollIntoView({ block: "start", behavior: "smooth" }), 400);
    return () => clearTimeout(timer);
  }, [count]);
  return (
    <ol className="chat-messages" aria-live="polite" aria-busy={loading}>
      {messages.map((message, index) => (
        <MessageItem key={message.id} message={message} anchor={index === count - 1 ? lastAnswer : undefined} />
      ))}
      {loading ? (
        <li className="chat-message chat-message--assistant">
          <p className="chat-message__text">
            {partial}
            <span className="chat-cursor" aria-hidden="true" />
          </p>
        </li>
      ) : null}
    </ol>
  );
}

const MessageItem = memo(function MessageItem({ message, anchor }: { message: ChatMessage; anchor?: React.Ref<HTMLLIElement> }) {
  return (
    <li ref={anchor} className={`chat-message chat-message--${message.role}`}>
      <span className="oy-visually-hidden">{message.role === "user" ? "Tu:" : "OYSTAR:"}</span>
      {message.content === MARKERS.quotaExceeded ? <QuotaCard /> : <p className="chat-message__text">{message.content}</p>}
    </li>
  );
});
