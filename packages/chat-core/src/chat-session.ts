import { DEFAULT_MODEL, supportsReasoning, type ChatModel } from "@oystar/api-client";
import type { CompletionOptions, CompletionRequest } from "./completion";
import { newConversation, newMessage, newMessageId, type Conversation } from "./conversation";
import { contextUsage, cutHistoryToBudget } from "./history";
import { MARKERS } from "./markers";
import { chatMessages } from "./messages";
import { classifyChatError, completedAnswer } from "./send-rules";

/** The world around a chat, injected: the core runs and is tested without network or clock. */
export type ChatDependencies = {
  getAccessToken: () => Promise<string | null>;
  /** Streams the answer's text pieces. */
  complete: (request: CompletionRequest) => AsyncIterable<string>;
  now: () => number;
  /** spec 001 §4: the admin is never blocked by the quota (the server's verdict, known late). */
  isAdmin: () => boolean;
  historyTokens: number;
};

export type ChatState = {
  conversation: Conversation;
  loading: boolean;
  /** The answer as it streams in, and the id its message will have. */
  partial: string;
  answerId: string | null;
  /** spec 001 §4: after a 429 the input is blocked. */
  blocked: boolean;
  /** An alert for the user (shown with the ui-kit Notice). */
  alert: string | null;
  /** The advanced settings of spec 001 §2: the model, and 'Deep Think' for gpt-oss models. */
  options: CompletionOptions;
};

export type ChatSession = ReturnType<typeof createChatSession>;

/** spec 001 §4–§5: the send pipeline of the plain chat, as a small store. */
export function createChatSession(dependencies: ChatDependencies) {
  let state: ChatState = {
    conversation: newConversation(dependencies.now()),
    loading: false,
    partial: "",
    answerId: null,
    blocked: false,
    alert: null,
    options: { model: DEFAULT_MODEL, deepThink: false },
  };
  const listeners = new Set<() => void>();
  let inFlight: AbortController | null = null;
  let stoppedByUser = false;
  const update = (change: Partial<ChatState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };
  const append = (role: "user" | "assistant", content: string, id?: string) => {
    const messages = [...state.conversation.messages, newMessage(role, content, dependencies.now(), id)];
    update({ conversation: { ...state.conversation, messages, contextUsage: contextUsage(messages) } });
  };

  return {
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Sends a question, with a document for this question only when one is given. Resolves to
     * whether a complete answer arrived (the caller then retires the document, spec 001 §4).
     */
    async send(input: string, context: { document?: string } = {}): Promise<boolean> {
      const question = input.trim();
      if (!question || state.loading || state.blocked) return false;
      // spec 001 §5: the token is fetched first; without one nothing is sent.
      const token = await dependencies.getAccessToken().catch(() => null);
      if (!token) {
        update({ alert: chatMessages.tokenUnavailable });
        return false;
      }

      const history = cutHistoryToBudget(state.conversation.messages, dependencies.historyTokens);
      append("user", question);
      const answerId = newMessageId(dependencies.now());
      update({ loading: true, partial: "", answerId, alert: null });
      inFlight = new AbortController();
      stoppedByUser = false;
      const started = dependencies.now();
      let firstCharacterAt: number | null = null;
      let text = "";
      try {
        const request = { question, document: context.document, history, token, signal: inFlight.signal, options: state.options };
        for await (const piece of dependencies.complete(request)) {
          if (!piece) continue;
          firstCharacterAt ??= dependencies.now();
          text += piece;
          update({ partial: text });
        }
        // A stream reader may end quietly when aborted; that is still an abort.
        if (inFlight.signal.aborted) throw inFlight.signal.reason;
        append("assistant", completedAnswer(text, (firstCharacterAt ?? dependencies.now()) - started), answerId);
        return true;
      } catch (error) {
        if (inFlight.signal.aborted) {
          // Stopped by the user: what had arrived stays, marked as cut short. (Cleared: nothing.)
          if (stoppedByUser && text) append("assistant", `${text}\n\n${chatMessages.answerStopped}`, answerId);
          return false;
        }
        const failure = classifyChatError(error, { admin: dependencies.isAdmin() });
        if (failure.kind === "quota") {
          append("assistant", MARKERS.quotaExceeded, answerId);
          update({ blocked: failure.blockInput });
        } else {
          append("assistant", failure.message, answerId);
        }
        return false;
      } finally {
        inFlight = null;
        update({ loading: false, partial: "", answerId: null });
      }
    },

    /** Stops the answer being streamed. */
    stop() {
      stoppedByUser = true;
      inFlight?.abort();
    },

    /**
     * spec 001 §2 ('Altre azioni'): the last question and its answer leave the history, so the
     * next action on the same PDF starts from the conversation before it.
     */
    dropLastExchange() {
      if (state.loading) return;
      const messages = [...state.conversation.messages];
      const lastQuestion = messages.findLastIndex((message) => message.role === "user");
      if (lastQuestion < 0) return;
      const kept = messages.slice(0, lastQuestion);
      update({ conversation: { ...state.conversation, messages: kept, contextUsage: contextUsage(kept) } });
    },

    /** A fresh conversation (clear chat). */
    clear() {
      inFlight?.abort();
      update({ conversation: newConversation(dependencies.now()), partial: "", alert: null });
    },

    /** Choosing a model without reasoning turns 'Deep Think' off with it. */
    setModel(model: ChatModel) {
      update({ options: { model, deepThink: state.options.deepThink && supportsReasoning(model) } });
    },

    setDeepThink(deepThink: boolean) {
      update({ options: { ...state.options, deepThink: deepThink && supportsReasoning(state.options.model) } });
    },

    dismissAlert() {
      update({ alert: null });
    },
  };
}
