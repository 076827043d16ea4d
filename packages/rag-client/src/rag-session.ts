import { RAG_CONTEXT_WARNING_PERCENT, StreamError, type CitedPassage, type StreamChunk } from "@oystar/api-client";
import {
  createAskLoop,
  keptPassages,
  MARKERS,
  newConversation,
  newMessageId,
  noticeSteps,
  type AskTurn,
  type SessionWorld,
} from "@oystar/conversation";
import { createStore } from "zustand/vanilla";
import { RAG_FAILURE_WORDS, type AskStream, type ResumeAsk } from "./ask-stream";
import { withSingleWarning } from "./citations";
import { ragMessages } from "./messages";
import {
  conversationSummary,
  ragContextUsage,
  replaceWithSummary,
  type KeptRagConversation,
  type RagConversation,
  type RagMessage,
} from "./rag-conversation";
import { ragModelChoices } from "./rag-models";
import { buildRagRequest } from "./rag-request";
import { RAG_CLIENT_DEFAULTS, ragSettingsOf, type RagSettings } from "./rag-settings";

/** The world around a RAG conversation, injected: the core runs and is tested without network or clock. */
export type RagDependencies = SessionWorld & {
  /** Streams one answer's events (httpAskStream over the API client). */
  ask: AskStream;
  /** Issue 35 §2: reads again an answer the server holds (after a reload), from its first event. */
  resume?: ResumeAsk;
  /** The admin's settings, when they are already known; the client defaults otherwise. */
  settings?: RagSettings;
};

export type RagState = {
  conversation: RagConversation;
  loading: boolean;
  /** The answer as it streams in, the sources it is written from, and the id its message will have. */
  partial: string;
  partialSources: CitedPassage[];
  answerId: string | null;
  /** spec 001 §6: the admin's RAG configuration, read-only here. */
  settings: RagSettings;
  /** The model chosen in the advanced panel; null means the admin's. */
  model: string | null;
  /** The indexes the user may use (GET /api/indices/list); null while unknown. */
  usableIndexes: string[] | null;
  /** spec 001 §2: the context usage (%) that reached 90 % and called for a summary; null when none. */
  contextWarning: number | null;
  /** A failure to show the user, and news that is not a failure (a copied answer …). */
  alert: string | null;
  notice: string | null;
  /**
   * Issue 35 §2: where the server holds the answer being written to the conversation's last
   * question — a page reloaded (or left and come back to) takes it up there.
   */
  heldAnswer: string | null;
};

export type RagSession = ReturnType<typeof createRagSession>;

/** spec 001 §5: send is disabled for empty or whitespace input and while loading. */
export const canAsk = (input: string, loading: boolean) => input.trim().length > 0 && !loading;

/** The model the next question goes to. */
export const selectModel = (state: RagState) => state.model ?? state.settings.rag_llm_model;

/** spec 001 §2–§5: the RAG conversation — questions, streamed answers with their sources, summaries. */
export function createRagSession(dependencies: RagDependencies) {
  const store = createStore<RagState>()(() => ({
    conversation: newConversation<RagMessage>(dependencies.now()),
    loading: false,
    partial: "",
    partialSources: [],
    answerId: null,
    settings: dependencies.settings ? ragSettingsOf(dependencies.settings) : RAG_CLIENT_DEFAULTS,
    model: null,
    usableIndexes: null,
    contextWarning: null,
    alert: null,
    notice: null,
    heldAnswer: null,
  }));
  const update = (change: Partial<RagState>) => store.setState(change);
  const append = (message: RagMessage) => {
    const { conversation } = store.getState();
    const messages = [...conversation.messages, message];
    update({ conversation: { ...conversation, messages, contextUsage: ragContextUsage(messages) } });
  };
  /** spec 001 §8: RAG's failures read as its generic error, with what happened as the detail. */
  const asking = createAskLoop(store, dependencies, { failureWords: () => RAG_FAILURE_WORDS, idle: { partialSources: [] } });

  /** The answer is in: kept with its sources; from 90 % the conversation becomes its summary (spec 001 §4). */
  function finish(answer: RagMessage, reportedUsage: number | null, summary: string | null) {
    append(answer);
    const { conversation } = store.getState();
    const usage = reportedUsage ?? conversation.contextUsage;
    if (usage < RAG_CONTEXT_WARNING_PERCENT && summary === null) {
      update({ conversation: { ...conversation, contextUsage: usage } });
      return;
    }
    const text = summary ?? conversationSummary(conversation.messages);
    const summaryMessage: RagMessage = {
      id: newMessageId(dependencies.now(), "rag"),
      role: "assistant",
      content: text,
      timestamp: dependencies.now(),
      kind: "summary",
    };
    update({ conversation: replaceWithSummary(conversation, text, summaryMessage), contextWarning: usage });
  }

  /** RAG's turn of one question: the server's events (spec 001 §7), its words with their sources. */
  function ragTurn(question: string): AskTurn {
    const state = store.getState();
    const request = buildRagRequest({
      question,
      settings: state.settings,
      messages: state.conversation.messages,
      model: selectModel(state),
      usableIndexes: state.usableIndexes,
    });
    append({ id: newMessageId(dependencies.now(), "rag"), role: "user", content: question, timestamp: dependencies.now() });
    return answerTurn((signal, busy) => dependencies.ask(request, signal, (streamUrl) => update({ heldAnswer: streamUrl }), busy));
  }

  /**
   * How an answer's events end in the conversation, whether it was asked now or taken up after a
   * reload: complete, stopped or failed. It is no longer held for a resume then.
   */
  function answerTurn(events: (signal: AbortSignal, busy: (seconds: number) => void) => AsyncIterable<StreamChunk>): AskTurn {
    const answerId = newMessageId(dependencies.now(), "rag");
    let sources: CitedPassage[] = [];
    let usage: number | null = null;
    let summary: string | null = null;
    const answered = (message: RagMessage) => {
      update({ heldAnswer: null });
      append(message);
    };
    return {
      answerId,
      async *stream(signal, busy) {
        for await (const event of events(signal, busy)) {
          if (signal.aborted) return;
          if (event.error) throw new StreamError(event.error);
          // The second list (with each source's confidence) replaces the first.
          if (event.sources) update({ partialSources: (sources = event.sources) });
          if (event.chunk) yield event.chunk;
          if (typeof event.contextUsage === "number") usage = Math.min(100, Math.max(0, Math.round(event.contextUsage)));
          if (event.summary) summary = event.summary;
          if (event.done) return;
        }
      },
      finish(text) {
        if (!text.trim()) throw new Error("Risposta vuota");
        update({ heldAnswer: null });
        finish(
          { id: answerId, role: "assistant", content: withSingleWarning(text), timestamp: dependencies.now(), sources },
          usage,
          summary,
        );
      },
      // issue 36 §7: stopped with Esc, what had arrived stays (with its sources), marked as cut short.
      stopped(text) {
        answered({
          id: answerId,
          role: "assistant",
          content: `${text}\n\n${ragMessages.answerStopped}`,
          timestamp: dependencies.now(),
          sources,
        });
      },
      fail(failure) {
        const at = dependencies.now();
        if (failure.kind === "quota")
          answered({ id: answerId, role: "assistant", content: "", timestamp: at, card: MARKERS.quotaExceeded });
        else answered({ id: answerId, role: "assistant", content: failure.message, timestamp: at, kind: "error" });
        if (failure.kind === "error" && failure.detail) update({ alert: ragMessages.errorDetail(failure.detail) });
      },
    };
  }

  return {
    /** Read it (or bind it with zustand's useStore); it changes only through the steps below. */
    store,

    /** Asks what the user typed (spec 001 §4–§5). Resolves to whether an answer arrived. */
    async send(input: string): Promise<boolean> {
      if (!canAsk(input, store.getState().loading)) return false;
      return asking.send(() => ragTurn(input.trim()));
    },

    /**
     * Issue 35 §2: the answer to the conversation's last question, which the server holds at
     * `streamUrl`, read from its first event (a reloaded page has none of it: its sources come
     * again) and ended as any answer is. Nothing is asked again and nothing is charged. Resolves to
     * whether it arrived complete.
     */
    async resume(streamUrl: string): Promise<boolean> {
      const { loading, conversation } = store.getState();
      const resume = dependencies.resume;
      if (!resume || loading || conversation.messages.at(-1)?.role !== "user") return false;
      update({ heldAnswer: streamUrl });
      return asking.send(() => answerTurn((signal) => resume(streamUrl, signal)));
    },

    /** issue 36 §7 (Esc): the answer being streamed ends, what had arrived stays. */
    stop() {
      asking.stop();
    },

    /** A fresh conversation (clear chat); an answer being streamed is dropped. */
    clear() {
      asking.abort();
      update({
        conversation: newConversation<RagMessage>(dependencies.now()),
        loading: false,
        partial: "",
        partialSources: [],
        answerId: null,
        contextWarning: null,
        alert: null,
        heldAnswer: null,
      });
    },

    /**
     * Issue 35 §1: a RAG conversation kept on the device, opened to go on where it stopped — its
     * answers keep their sources (and so their citations). An answer still streaming stops first.
     */
    open(conversation: KeptRagConversation) {
      asking.abort();
      // Its sources as kept, in whatever shape they were kept (conversation's keptPassages).
      const messages: RagMessage[] = conversation.messages.map(({ sources, ...message }) => ({
        ...message,
        ...(sources ? { sources: keptPassages(sources) } : {}),
      }));
      update({
        conversation: { id: conversation.id, createdAt: conversation.createdAt, messages, contextUsage: ragContextUsage(messages) },
        loading: false,
        partial: "",
        partialSources: [],
        answerId: null,
        contextWarning: null,
        alert: null,
        heldAnswer: null,
      });
    },

    /** The admin's settings (GET /api/settings, or a new save): the RAG follows them. */
    configure(settings: RagSettings) {
      const next = ragSettingsOf(settings);
      const { model } = store.getState();
      const offered = model !== null && ragModelChoices(next.rag_llm_model).some((choice) => choice.id === model);
      update({ settings: next, model: offered ? model : null });
    },

    /** The indexes the user may use, once GET /api/indices/list answers. */
    setUsableIndexes(names: readonly string[] | null) {
      update({ usableIndexes: names ? [...names] : null });
    },

    /** The advanced panel's model; the admin's model means no choice of one's own. */
    setModel(model: string) {
      const { settings } = store.getState();
      if (!ragModelChoices(settings.rag_llm_model).some((choice) => choice.id === model)) return;
      update({ model: model === settings.rag_llm_model ? null : model });
    },

    ...noticeSteps(store),
    dismissContextWarning() {
      update({ contextWarning: null });
    },

    /** The screen is gone: the answer being streamed stops. */
    dispose() {
      asking.dispose();
    },
  };
}
