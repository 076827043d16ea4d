import { DEFAULT_MODEL, supportsReasoning, type BackendStatus, type ChatModel } from "@oystar/api-client";
import { createStore } from "zustand/vanilla";
import type { ModelProvider } from "@oystar/api-client";
import type { CompletionOptions, CompletionRequest, ResumeRequest } from "./completion";
import { conversationSummary, newMessage } from "./conversation";
import { chatContextUsage, cutHistoryToBudget, HISTORY_TOKENS } from "./history";
import { chatMessages } from "./messages";
import { canSend } from "./send-rules";
import {
  createAskLoop,
  forkAt,
  isResetCommand,
  showVersion,
  versionsAt,
  MARKERS,
  newConversation,
  newMessageId,
  noticeSteps,
  type AskTurn,
  type ChatMessage,
  type Conversation,
  type SessionWorld,
} from "@oystar/conversation";

/**
 * Issue 50 §5: a document in the chat's context goes with every question until the user removes
 * it (where spec 001 §4 dropped it after one answer, and the user lost track of what the model
 * read). The PDF context of @oystar/pdf-tools is one.
 */
export type ChatDocument = {
  /**
   * The document that goes with the next question: what the model reads after it (`context`),
   * and its name and pages for the question's chip; null when there is none.
   */
  documentForQuestion(): { context: string; name: string; pages: number } | null;
  /** A new chat starts without it. */
  remove(): void;
};

/** Issue 50 §5: how the user's bubble shows a question that is not what they typed (a document action). */
export type QuestionOptions = { label?: string };

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
  modelProvider?: () => ModelProvider;
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
    update({ conversation: { ...conversation, messages, contextUsage: chatContextUsage(messages), ...(summary ? { summary } : {}) } });
  };
  const append = (message: ChatMessage) => withMessages([...store.getState().conversation.messages, message]);
  /** spec 001 §5: the chat's failures (the admin's quota never blocks the input). */
  const asking = createAskLoop(store, dependencies, { failureWords: () => ({ admin: dependencies.isAdmin() }) });

  /**
   * Where a question goes: after the conversation (a new question), in place of the last one (an
   * edit, issue 50 §4), or where it already stands, its answer asked again (a regeneration).
   */
  type Placing = {
    /** The messages the model reads before the question. */
    before: ChatMessage[];
    /** Puts the question (and the document that goes with it) into the conversation. */
    place: (question: ChatMessage) => void;
    /** The versions the new answer begins (a regeneration). */
    versions?: ChatMessage["versions"];
  };
  const afterTheLast = (): Placing => ({ before: store.getState().conversation.messages, place: append });

  /** The chat's turn of one question: the model's words, timed to their first character. */
  async function chatTurn(question: string, { label }: QuestionOptions, placing: Placing = afterTheLast()): Promise<AskTurn | null> {
    // spec 001 §5: the token is fetched first; without one nothing is sent.
    const token = await dependencies.getAccessToken().catch(() => null);
    if (!token) {
      update({ alert: chatMessages.tokenUnavailable });
      return null;
    }

    const { options } = store.getState();
    const history = cutHistoryToBudget(placing.before, HISTORY_TOKENS);
    const attached = dependencies.document?.documentForQuestion() ?? null;
    const document = attached?.context;
    placing.place(
      newMessage("user", question, dependencies.now(), {
        ...(label ? { label } : {}),
        ...(attached ? { attachment: { name: attached.name, pages: attached.pages } } : {}),
      }),
    );
    const onStream = (streamUrl: string) => update({ heldAnswer: streamUrl });
    const provider = dependencies.modelProvider?.() ?? "cloud";
    return answerTurn(
      (signal, onBusy) => dependencies.complete({ question, document, history, token, signal, options, provider, onStream, onBusy }),
      attached?.name,
      placing.versions,
    );
  }

  /**
   * How an answer ends in the conversation, whether it was asked now or resumed after a reload:
   * complete, stopped, or failed in the spec's words. It is no longer held for a resume then.
   */
  function answerTurn(
    pieces: (signal: AbortSignal, busy: (seconds: number) => void) => AsyncIterable<string>,
    basedOn?: string,
    versions?: ChatMessage["versions"],
  ): AskTurn {
    const answerId = newMessageId(dependencies.now());
    const answer = (content: string, extras: Pick<ChatMessage, "firstCharacterMs" | "card"> = {}) => {
      update({ heldAnswer: null });
      // Issue 50 §5: an answer with words says which document it was based on.
      const note = basedOn && !extras.card ? { basedOn } : {};
      // Issue 50 §4: a regenerated answer begins its version, the earlier ones kept beside it.
      const forked = versions ? { versions } : {};
      append(newMessage("assistant", content, dependencies.now(), { id: answerId, ...extras, ...note, ...forked }));
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
    async send(input: string, question: QuestionOptions = {}): Promise<boolean> {
      const { loading, blocked, options } = store.getState();
      if (!canSend({ input, loading, blocked, backend: dependencies.backendStatus() })) return false;
      if (isResetCommand(input)) {
        update({ notice: await dependencies.resetConnection(options.model) });
        return false;
      }
      return asking.send(() => chatTurn(input.trim(), question));
    },

    /**
     * Issue 50 §4: the user's last question, edited and asked again; what followed it stays as
     * the version before ('1 di 2'). Charged as any question. Resolves to whether a complete
     * answer arrived.
     */
    async editQuestion(questionId: string, input: string): Promise<boolean> {
      const { loading, blocked, conversation } = store.getState();
      const messages = conversation.messages;
      const at = messages.findLastIndex((message) => message.role === "user" && !message.card);
      if (messages[at]?.id !== questionId || isResetCommand(input)) return false;
      if (!canSend({ input, loading, blocked, backend: dependencies.backendStatus() })) return false;
      return asking.send(() =>
        chatTurn(input.trim(), {}, { before: messages.slice(0, at), place: (question) => withMessages(forkAt(messages, at, question)) }),
      );
    },

    /**
     * Issue 50 §4: an answer asked again, its question as it was (with the document in context
     * now); the answers before stay as versions ('2 di 2'), and so does what followed them.
     * Charged as any question. Resolves to whether a complete answer arrived.
     */
    async regenerate(answerId: string): Promise<boolean> {
      const { loading, blocked, conversation } = store.getState();
      const messages = conversation.messages;
      const at = messages.findIndex((message) => message.id === answerId && message.role === "assistant");
      const question = messages[at - 1];
      if (at < 1 || question?.role !== "user" || question.card) return false;
      if (!canSend({ input: question.content, loading, blocked, backend: dependencies.backendStatus() })) return false;
      return asking.send(() =>
        chatTurn(question.content, question.label ? { label: question.label } : {}, {
          before: messages.slice(0, at - 1),
          // The question stays where it is, as it was asked; the answer and what followed go aside.
          place: () => withMessages(messages.slice(0, at)),
          versions: versionsAt(messages, at),
        }),
      );
    },

    /** Issue 50 §4: the version before (-1) or after (+1) the one shown from this message on. */
    showVersion(messageId: string, step: -1 | 1) {
      if (store.getState().loading) return;
      const messages = store.getState().conversation.messages;
      const at = messages.findIndex((message) => message.id === messageId);
      if (at >= 0) withMessages(showVersion(messages, at, step));
    },

    /** Stops the answer being streamed. */
    stop() {
      asking.stop();
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
          contextUsage: chatContextUsage(messages),
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
