import type { BackendStatus } from "@oystar/api-client";
import { canSend, type ChatSession } from "@oystar/chat-core";
import { useChatState } from "@oystar/chat-core/react";
import { Composer, useComposerDraft } from "@oystar/conversation/react";
import { useShallow } from "zustand/react/shallow";

/** The chat's question box, under the send rules of spec 001 §5. */
export function ChatInput({ session, backend }: { session: ChatSession; backend: BackendStatus }) {
  const { loading, blocked } = useChatState(
    session,
    useShallow((state) => ({ loading: state.loading, blocked: state.blocked })),
  );
  const draft = useComposerDraft(session.send, (input) => canSend({ input, loading, backend, blocked }));
  return <Composer {...draft} onStop={session.stop} loading={loading} blocked={blocked} offline={backend === "offline"} />;
}
