import type { BackendStatus } from "@oystar/api-client";
import { canSend, type ChatSession } from "@oystar/chat-core";
import { Composer, useChatState } from "@oystar/chat-core/react";
import { useState } from "react";
import { useShallow } from "zustand/react/shallow";

/** The chat's question box, under the send rules of spec 001 §5. */
export function ChatInput({ session, backend }: { session: ChatSession; backend: BackendStatus }) {
  const [input, setInput] = useState("");
  const { loading, blocked } = useChatState(session, useShallow((state) => ({ loading: state.loading, blocked: state.blocked })));
  const sendable = canSend({ input, loading, backend, blocked });
  return (
    <Composer
      value={input}
      onChange={setInput}
      onSend={() => {
        if (!sendable) return;
        setInput("");
        void session.send(input);
      }}
      onStop={session.stop}
      sendable={sendable}
      loading={loading}
      blocked={blocked}
      offline={backend === "offline"}
    />
  );
}
