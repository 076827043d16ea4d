import { STOPPED_BY_USER } from "@oystar/api-client";
import type { StoreApi } from "zustand/vanilla";
import { classifyFailure, type ConversationFailure, type FailureWords } from "./failures";
import { conversationMessages } from "./messages";
import { refreshQuotaLater, type SessionWorld } from "./session-world";

// The one ask loop of the chat and RAG (issue 24): a question goes in, its answer streams into
// `partial`, and it ends as a message, a stop, or a failure in the spec's words; the quotas are
// read again after it. What differs between the features is their turn: the request and stream
// protocol, how a finished answer becomes a message, how a failure reads.

/** What a session's store holds while an answer streams (the rest of its state is the feature's). */
export type AskingState = {
  loading: boolean;
  /** The answer as it streams in, and the id its message will have. */
  partial: string;
  answerId: string | null;
  /** A failure to show the user. */
  alert: string | null;
  /** News that is not a failure; while a busy server's wait runs, it says so (issue 55 §1). */
  notice: string | null;
};

/** One question of a feature, ready to be asked: its user message is already in the conversation. */
export type AskTurn = {
  /** The id the answer streams under and keeps as a message (the screen does not redraw it). */
  answerId: string;
  /**
   * The answer's words as they arrive, in the feature's protocol; it stops when `signal` aborts.
   * `busy` is told when a busy server refused the question and it will be asked again after `seconds`.
   */
  stream: (signal: AbortSignal, busy: (seconds: number) => void) => AsyncIterable<string>;
  /** The whole answer arrived: the feature keeps it (throwing fails the answer instead). */
  finish: (text: string) => void;
  /** The user stopped the answer (STOP) after `text` had arrived. */
  stopped?: (text: string) => void;
  /** The answer failed, in the spec's words; `text` is what had arrived. */
  fail: (failure: ConversationFailure, text: string) => void;
};

export type AskLoopOptions<S> = {
  /** How a failure reads for this feature, asked when one happens (the admin is known late). */
  failureWords: () => FailureWords;
  /** The feature's own fields of an answer being streamed, as they are when none is (RAG's sources). */
  idle?: Partial<S>;
};

export type AskLoop = ReturnType<typeof createAskLoop>;

/** The ask loop over a session's store: `send` a turn, `stop` it (STOP), `abort` it (clear, leaving). */
export function createAskLoop<S extends AskingState>(
  store: StoreApi<S>,
  world: SessionWorld,
  { failureWords, idle = {} }: AskLoopOptions<S>,
) {
  const update = (change: Partial<AskingState>) => store.setState({ ...change, ...idle } as Partial<S>);
  let inFlight: AbortController | null = null;
  let stoppedByUser = false;
  /** The screen is gone: nothing more is asked of it (a quota refresh due later included). */
  let disposed = false;

  /** Streams the answer to one turn. Resolves to whether a complete answer arrived. */
  async function ask(turn: AskTurn): Promise<boolean> {
    const controller = new AbortController();
    inFlight = controller;
    stoppedByUser = false;
    update({ loading: true, partial: "", answerId: turn.answerId, alert: null });
    let text = "";
    // Issue 55 §1: a busy server's wait is said in the notice, until the answer begins or ends.
    let busyNotice: string | null = null;
    const busy = (seconds: number) => {
      busyNotice = conversationMessages.busyRetrying(seconds);
      store.setState({ notice: busyNotice } as Partial<S>);
    };
    const busyOver = () => {
      if (busyNotice !== null && store.getState().notice === busyNotice) store.setState({ notice: null } as Partial<S>);
      busyNotice = null;
    };
    /** Aborted: stopped by the user, what had arrived stays, marked so; cleared or left, nothing. */
    const aborted = () => {
      if (stoppedByUser && text) turn.stopped?.(text);
      return false;
    };
    try {
      for await (const piece of turn.stream(controller.signal, busy)) {
        if (controller.signal.aborted) break;
        if (!piece) continue;
        busyOver();
        text += piece;
        store.setState({ partial: text } as Partial<S>);
      }
      // A stream reader may end quietly when aborted; that is still an abort.
      if (controller.signal.aborted) return aborted();
      turn.finish(text);
      return true;
    } catch (error) {
      if (controller.signal.aborted) return aborted();
      turn.fail(classifyFailure(error, failureWords()), text);
      return false;
    } finally {
      busyOver();
      // A turn cleared away may end after the next one began: the next one's state stays.
      if (inFlight === controller) {
        inFlight = null;
        update({ loading: false, partial: "", answerId: null });
      }
    }
  }

  return {
    /**
     * Asks one question: `prepare` puts it into the conversation and answers its turn, or null
     * when nothing is sent (the chat without a token). spec 001 §4: the quotas are read again
     * after each question. Resolves to whether a complete answer arrived.
     */
    async send(prepare: () => AskTurn | null | Promise<AskTurn | null>): Promise<boolean> {
      const prepared = prepare();
      // A turn ready at once is asked at once: the question is on screen in the same moment.
      const turn = prepared instanceof Promise ? await prepared : prepared;
      const answered = turn ? await ask(turn) : false;
      refreshQuotaLater({ ...world, refreshQuota: () => disposed || world.refreshQuota() });
      return answered;
    },

    /** STOP: the answer being streamed ends, what had arrived stays; a server holding it stops it too. */
    stop() {
      stoppedByUser = true;
      inFlight?.abort(STOPPED_BY_USER);
    },

    /** The answer being streamed is dropped (a cleared conversation), on the server too. */
    abort() {
      inFlight?.abort(STOPPED_BY_USER);
    },

    /**
     * The screen is gone: the answer being streamed is no longer read here, and the quotas are not
     * read again for it. A server holding it goes on (issue 35 §3): the screen, back, resumes it.
     */
    dispose() {
      disposed = true;
      inFlight?.abort();
    },
  };
}
