import { createApiClient, resetResponseSchema } from "@oystar/api-client";
import { useBackendStatus } from "@oystar/api-client/react";
import { useAuth } from "@oystar/auth/react";
import { canSend, isResetCommand } from "@oystar/chat-core";
import { Button, EmptyState, Notice, Textarea } from "@oystar/ui-kit/react";
import { useState } from "react";
import { useOutletContext } from "react-router";
import { checkBackend } from "../api";
import { MessageList } from "../chat/message-list";
import { useChatSession } from "../chat/use-chat-session";
import type { SubscriptionState } from "../layout/use-subscription";
import { messages } from "../messages";

/** spec 001 §4: the plan and quotas are read again 500 ms after each question. */
const QUOTA_REFRESH_DELAY_MS = 500;

/** /chat (spec 001 §2): the plain chat. */
export function Component() {
  const subscription = useOutletContext<SubscriptionState>();
  const auth = useAuth();
  const { status: backend } = useBackendStatus(checkBackend);
  const [chat, session] = useChatSession(false);
  const [input, setInput] = useState("");
  const [notice, setNotice] = useState<string | null>(null);

  const placeholder = chat.blocked
    ? "Quota esaurita: passa a un piano superiore per continuare"
    : backend === "offline"
      ? "Servizio non disponibile, riprova più tardi"
      : "Scrivi la tua domanda...";
  const sendable = canSend({ input, loading: chat.loading, backend, blocked: chat.blocked });

  async function submit() {
    if (!sendable) return;
    const text = input;
    setInput("");
    if (isResetCommand(text)) {
      const api = createApiClient({ getAccessToken: auth.getAccessToken });
      const answer = await api.post("/api/ollama/reset", { provider: "cloud", models: ["openai/gpt-oss-120b"] }, resetResponseSchema).catch(() => null);
      setNotice(answer ? `${answer.message} ${answer.details.actions.join(" · ")}` : "Connessione reimpostata (solo nel browser).");
      return;
    }
    await session.send(text);
    setTimeout(subscription.refresh, QUOTA_REFRESH_DELAY_MS);
  }

  return (
    <div className="chat">
      <title>{`${messages.chat.title} — OYSTAR`}</title>
      {chat.conversation.messages.length === 0 && !chat.loading ? (
        <EmptyState headingLevel={1} title={messages.chat.title} description={messages.chat.description} />
      ) : (
        <h1 className="oy-visually-hidden">{messages.chat.title}</h1>
      )}
      <MessageList messages={chat.conversation.messages} partial={chat.partial} loading={chat.loading} />
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
      <div className="chat-composer">
        <Textarea label="Messaggio" value={input} onChange={setInput} onSubmit={() => void submit()} placeholder={placeholder} disabled={chat.blocked} />
        <Button onClick={() => void submit()} disabled={!sendable} loading={chat.loading}>
          Invia
        </Button>
      </div>
    </div>
  );
}
