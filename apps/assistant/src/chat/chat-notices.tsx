import type { ChatSession } from "@oystar/chat-core";
import { useChatState } from "@oystar/chat-core/react";
import { SessionNotices } from "@oystar/conversation/react";

/** What the chat tells the user: a failure (the session's alert), or news (a reset, a copied answer …). */
export function ChatNotices({ session }: { session: ChatSession }) {
  const alert = useChatState(session, (state) => state.alert);
  const notice = useChatState(session, (state) => state.notice);
  return <SessionNotices alert={alert} notice={notice} onDismissAlert={session.dismissAlert} onDismissNotice={session.dismissNotice} />;
}
