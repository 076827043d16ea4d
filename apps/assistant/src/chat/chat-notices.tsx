import type { ChatSession } from "@oystar/chat-core";
import { useChatState } from "@oystar/chat-core/react";
import { Notice } from "@oystar/ui-kit/react";

/** What the chat tells the user: a failure (the session's alert), or news (a reset, a copied answer …). */
export function ChatNotices({ session }: { session: ChatSession }) {
  const alert = useChatState(session, (state) => state.alert);
  const notice = useChatState(session, (state) => state.notice);
  return (
    <>
      {alert ? (
        <Notice tone="error" onDismiss={session.dismissAlert}>
          {alert}
        </Notice>
      ) : null}
      {notice ? (
        <Notice tone="info" onDismiss={session.dismissNotice}>
          {notice}
        </Notice>
      ) : null}
    </>
  );
}
