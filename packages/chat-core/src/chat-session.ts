import { DEFAULT_MODEL, supportsReasoning, type BackendStatus, type ChatModel } from "@oystar/api-client";
import { createStore } from "zustand/vanilla";
import type { CompletionOptions, CompletionRequest, Provider, ResumeRequest } from "./completion";
import { conversationSummary, newConversation, newMessage, newMessageId } from "./conversation";
import { contextUsage, cutHistoryToBudget, HISTORY_TOKENS } from "./history";
import { chatMessages } from "./messages";
import { canSend } from "./send-rules";
import {
  createAskLoop,
  isResetCommand,
  MARKERS,
  noticeSteps,
  type AskTurn,
  type ChatMessage,
  type Conversation,
  type SessionWorld,
} from "@oystar/conversation";

/**
 * spec 001 §4: a document that goes with one question only, then leaves the prompt (kept aside,
 * so 'Altre azioni' can bring it back). The PDF context of @oystar/pdf-tools is one.
 */
export type ChatDocument = {
  /** The document as the model reads it after the question; null when there is none. */
  documentForQuestion(): string | null;
  /** A complete answer used it. */
  markUsed(): void;
  /** 'Altre azioni': the used document back for the next question. */
  reload(): void;
  /** A new chat starts without it. */
  remove(): void;
};

/** The world around a chat, injected: the core runs and is tested without network, clock or timers. */
export type ChatDependencies = SessionWorld & {
  getAccessToken: () => Promise<string | null>;
  /** Streams the answer's text pieces. */
  complete: (request: CompletionRequest) => AsyncIterable<string>;
  /** Issue 35 §2: reads again an answer the server holds (after a reload), from its first piece. */
  resume?: (request: ResumeRequest) => AsyncIterable<string>;
  /** spec 001 §4: the `*reset*` command; answers what to tell the user (see connectionReset). */
  resetConnection: (model: ChatModel) => Promise<string>;
  /** spec 001 §4: the admin is never blocked by the quota (the server's verdict, known late). */
  isAdmin: () => boolean;
  /** spec 001 §4: nothing is sent unless the backend is online. */
  backendStatus: () => BackendStatus;
  /**
   * Where the server's model runs (GET /api/health): spec 001 §3, a local model also gets the
   * template's local extras, a cloud one never. Cloud when not told.
   */
  modelProvider?: () => Provider;
  /** The document that goes with the next question, when the screen has one. */
  document?: ChatDocument;
};

export type ChatState = {
  conversation: Conversation;
  loading: boolean;
  /** The answer as it streams in, and the id its message will have. */
  partial: string;
  answerId: string | null;
  /** spec 001 §4: after a 429 the input is blocked. */
  blocked: boolean;
  /** A failure to show the user (with the ui-kit Notice). */
  alert: string | null;
  /** Something to tell the user that is not a failure (the reset's outcome, a copied answer …). */
  notice: string | null;
  /** The advanced settings of spec 001 §2: the model, and 'Deep Think' for gpt-oss models. */
  options: CompletionOptions;
  /**
   * Issue 35 §2: where the server holds the answer being written, while it is not yet in the
   * conversation — a page reloaded (or left and come back to) resumes it there.
   */
  heldAnswer: string | null;
};

export type ChatSession = ReturnType<typeof createChatSession>;

/** spec 001 §4–§5: the send pipeline of the plain chat, as a store and the steps that change it. */
export function createChatSession(dependencies: ChatDependencies) {
  const store = createStore<ChatState>()(() => ({
    conversation: newConversation(dependencies.now()),
    loading: false,
    partial: "",
    answerId: null,
    blocked: false,
    alert: null,
    notice: null,
    options: { model: DEFAULT_MODEL, deepThink: false },
    heldAnswer: null,
  }));
  const update = (change: Partial<ChatState>) => store.setState(change);
  const withMessages = (messages: ChatMessage[]) => {
    const { summary: _previous, ...conversation } = store.getState().conversation;
    const summary = conversationSummary(messages);
    update({ conversation: { ...conversation, messages, contextUsage: contextUsage(messages), ...(summary ? { summary } : {}) } });
  };
  const append = (message: ChatMessage) => withMessages([...store.getState().conversation.messages, message]);
  /** spec 001 §5: the chat's failures (the admin's quota never blocks the input). */
  const asking = createAskLoop(store, dependencies, { failureWords: () => ({ admin: dependencies.isAdmin() }) });

  /** The chat's turn of one question: the model's words, timed to their first character. */
  async function chatTurn(question: string): Promise<AskTurn | null> {
    // spec 001 §5: the token is fetched first; without one nothing is sent.
    const token = await dependencies.getAccessToken().catch(() => null);
    if (!token) {
      update({ alert: chatMessages.tokenUnavailable });
      return null;
    }

    const { conversation, options } = store.getState();
    const history = cutHistoryToBudget(conversation.messages, HISTORY_TOKENS);
    const document = dependencies.document?.documentForQuestion() ?? undefined;
    append(newMessage("user", question, dependencies.now()));
    const onStream = (streamUrl: string) => update({ heldAnswer: streamUrl });
    const provider = dependencies.modelProvider?.() ?? "cloud";
    const turn = answerTurn((signal, onBusy) =>
      dependencies.complete({ question, document, history, token, signal, options, provider, onStream, onBusy }),
    );
    return {
      ...turn,
      finish(text) {
        turn.finish(text);
        // spec 001 §4: a document goes with one question only.
        if (document) dependencies.document?.markUsed();
      },
    };
  }

  /**
   * How an answer ends in the conversation, whether it was asked now or resumed after a reload:
   * complete, stopped, or failed in the spec's words. It is no longer held for a resume then.
   */
  function answerTurn(pieces: (signal: AbortSignal, busy: (seconds: number) => void) => AsyncIterable<string>): AskTurn {
    const answerId = newMessageId(dependencies.now());
    const answer = (content: string, extras: Pick<ChatMessage, "firstCharacterMs" | "card"> = {}) => {
      update({ heldAnswer: null });
      append(newMessage("assistant", content, dependencies.now(), { id: answerId, ...extras }));
    };
    let started = 0;
    let firstCharacterAt: number | null = null;
    return {
      answerId,
      async *stream(signal, busy) {
        started = dependencies.now();
        for await (const piece of pieces(signal, busy)) {
          if (piece) firstCharacterAt ??= dependencies.now();
          yield piece;
        }
      },
      finish(text) {
        answer(text, { firstCharacterMs: (firstCharacterAt ?? dependencies.now()) - started });
      },
      stopped: (text) => answer(`${text}\n\n${chatMessages.answerStopped}`),
      fail(failure, text) {
        if (failure.kind === "quota") {
          answer("", { card: MARKERS.quotaExceeded });
          update({ blocked: failure.blockInput });
        } else if (failure.kind === "stalled" && text) {
          // What the model had already written stays, with the reason it stops there.
          answer(`${text}\n\n${chatMessages.answerCutShort(failure.message)}`);
        } else {
          answer(failure.message);
        }
      },
    };
  }

  return {
    /** Read it (or bind it with zustand's useStore); it changes only through the steps below. */
    store,

    /**
     * Sends what the user typed under the send rules (spec 001 §5), with the document when there
     * is one; `*reset*` resets the connection instead. Resolves to whether a complete answer arrived.
     */
    async send(input: string): Promise<boolean> {
      const { loading, blocked, options } = store.getState();
      if (!canSend({ input, loading, blocked, backend: dependencies.backendStatus() })) return false;
      if (isResetCommand(input)) {
        update({ notice: await dependencies.resetConnection(options.model) });
        return false;
      }
      return asking.send(() => chatTurn(input.trim()));
    },

    /** Stops the answer being streamed. */
    stop() {
      asking.stop();
    },

    /**
     * spec 001 §2 ('Altre azioni'): the last question and its answer leave the history and the
     * document comes back, so the next action on it starts from the conversation before.
     */
    moreActions() {
      if (store.getState().loading) return;
      const messages = store.getState().conversation.messages;
      const lastQuestion = messages.findLastIndex((message) => message.role === "user");
      if (lastQuestion >= 0) withMessages(messages.slice(0, lastQuestion));
      dependencies.document?.reload();
    },

    /** A fresh conversation (clear chat), without the document. */
    clear() {
      asking.abort();
      dependencies.document?.remove();
      update({ conversation: newConversation(dependencies.now()), partial: "", alert: null, heldAnswer: null });
    },

    /**
     * Issue 35 §1: a conversation kept on the device, opened to go on where it stopped. An answer
     * still streaming stops first; the conversation's document stays with the chat it came from.
     */
    open(conversation: Pick<Conversation, "id" | "createdAt" | "messages">) {
      asking.abort();
      dependencies.document?.remove();
      const messages = conversation.messages.map((message) => ({ ...message }));
      const summary = conversationSummary(messages);
      update({
        conversation: {
          id: conversation.id,
          createdAt: conversation.createdAt,
          messages,
          contextUsage: contextUsage(messages),
          ...(summary ? { summary } : {}),
        },
        partial: "",
        answerId: null,
        alert: null,
        heldAnswer: null,
      });
    },

    /**
     * Issue 35 §2: the answer to the conversation's last question, which the server holds at
     * `streamUrl`, read from its start (a reloaded page has none of it) and ended as any answer is.
     * Nothing is asked again and nothing is charged. Resolves to whether it arrived complete.
     */
    async resume(streamUrl: string): Promise<boolean> {
      const { loading, conversation } = store.getState();
      const resume = dependencies.resume;
      if (!resume || loading || conversation.messages.at(-1)?.role !== "user") return false;
      const token = await dependencies.getAccessToken().catch(() => null);
      if (!token) return false;
      update({ heldAnswer: streamUrl });
      return asking.send(() => answerTurn((signal) => resume({ streamUrl, token, signal })));
    },

    /**
     * The screen is gone (the user left /chat): the answer being streamed stops, as the debate's
     * and RAG's do, and nothing more is added to a conversation no one sees.
     */
    dispose() {
      asking.dispose();
    },

    /** Choosing a model without reasoning turns 'Deep Think' off with it. */
    setModel(model: ChatModel) {
      update({ options: { model, deepThink: store.getState().options.deepThink && supportsReasoning(model) } });
    },

    setDeepThink(deepThink: boolean) {
      const { options } = store.getState();
      update({ options: { ...options, deepThink: deepThink && supportsReasoning(options.model) } });
    },

    ...noticeSteps(store),
  };
}
