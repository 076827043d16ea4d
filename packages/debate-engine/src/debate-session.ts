import { STOPPED_BY_USER, type DebateVote } from "@oystar/api-client";
import { classifyFailure } from "@oystar/conversation";
import { createStore, type StoreApi } from "zustand/vanilla";
import type { DebateDefaults, DebateEffect, DebateEvent, DebateState } from "./debate-state";
import { initialDebateState } from "./debate-state";
import { transition } from "./debate-machine";
import type { KeptDebateRecord } from "./debate-state";
import { debateMessages } from "./messages";
import type { DebatePorts } from "./ports";
import type { ModelProvider } from "@oystar/api-client";
import type { DebateMode, Speaker } from "./rules";
import type { DebateInput } from "./topic";

/** How an error reads on a card: the server's own words when it sent some. */
function failureOf(error: unknown): { quota: boolean; message: string } {
  // spec 001 §4: "An error containing 429 adds the debate quota card".
  const quota = classifyFailure(error, { admin: false }).kind === "quota";
  const serverMessage = typeof error === "object" && error !== null ? (error as { serverMessage?: unknown }).serverMessage : undefined;
  const message = typeof serverMessage === "string" ? serverMessage : error instanceof Error ? error.message : String(error ?? "");
  return { quota, message: message || debateMessages.unknownError };
}

export type DebateSession = ReturnType<typeof createDebateSession>;

/**
 * Issue 35 §2: a debate's turn whose answer the server holds while it is written — a page
 * reloaded meanwhile opens the debate again and takes the turn up there (`resumeTurn`).
 */
export type HeldTurn = { debateId: string; turn: number; streamUrl: string };

/**
 * The debate's runner: a zustand vanilla store holding the machine's state, and the actions of
 * the screen. It performs the machine's effects through the ports — model calls, the timer, the
 * provider reset, the quota increment — and feeds their answers back as events.
 */
export function createDebateSession(ports: DebatePorts, settings: DebateDefaults = {}) {
  const store: StoreApi<DebateState> = createStore<DebateState>()(() => initialDebateState(settings));
  /** The turn being written that the server holds, while it is written (issue 35 §2). */
  const held: StoreApi<{ heldTurn: HeldTurn | null }> = createStore<{ heldTurn: HeldTurn | null }>()(() => ({ heldTurn: null }));
  /** A held turn to read again instead of asking it (a reloaded page), for the next call of that turn. */
  let takeUp: HeldTurn | null = null;
  let reply: AbortController | null = null;
  /** Calls the pending timer off, while there is one. */
  let timer: { cancel: () => void } | null = null;
  let disposed = false;

  function dispatch(event: DebateEvent) {
    if (disposed) return;
    const { state, effects } = transition(store.getState(), event);
    if (state !== store.getState()) store.setState(state, true);
    for (const effect of effects) perform(effect);
  }

  function perform(effect: DebateEffect) {
    switch (effect.type) {
      case "abortReply":
        // STOP, a new start or the loop guard: the server stops the model too (issue 35 §2).
        reply?.abort(STOPPED_BY_USER);
        reply = null;
        return;
      case "cancelTimer":
        timer?.cancel();
        timer = null;
        return;
      case "schedule": {
        timer?.cancel();
        const scheduled = { cancel: () => {} };
        scheduled.cancel = ports.clock.later(() => {
          if (timer === scheduled) timer = null;
          dispatch({ type: "timerFired", epoch: effect.epoch });
        }, effect.delayMs);
        timer = scheduled;
        return;
      }
      case "resetProvider":
        ports.resetProvider(effect.request).then(
          (answer) => dispatch({ type: "providerReset", epoch: effect.epoch, ok: answer.status === "success", message: answer.message }),
          () => dispatch({ type: "providerReset", epoch: effect.epoch, ok: false }),
        );
        return;
      case "startDebate":
        ports.startDebate().then(
          (result) =>
            dispatch(
              result.status === "started"
                ? { type: "debateStarted", epoch: effect.epoch, debateId: result.debateId }
                : { type: "debateRefused", epoch: effect.epoch, reason: "quota", message: "" },
            ),
          (error: unknown) => {
            const failure = failureOf(error);
            dispatch({ type: "debateRefused", epoch: effect.epoch, reason: failure.quota ? "quota" : "error", message: failure.message });
          },
        );
        return;
      case "callModel":
        void stream(effect);
        return;
    }
  }

  async function stream(effect: Extract<DebateEffect, { type: "callModel" }>) {
    reply?.abort(STOPPED_BY_USER);
    const controller = new AbortController();
    reply = controller;
    const { epoch, call, request } = effect;
    const turn = request.kind === "turn" ? { debateId: request.debate_id, turn: request.turn } : null;
    const taken = takeUp && turn && takeUp.debateId === turn.debateId && takeUp.turn === turn.turn && ports.resume ? takeUp : null;
    takeUp = null;
    const onStream = (streamUrl: string) => {
      if (turn && reply === controller) held.setState({ heldTurn: { ...turn, streamUrl } });
    };
    if (taken) held.setState({ heldTurn: taken });
    const pieces =
      taken && ports.resume
        ? ports.resume({ streamUrl: taken.streamUrl, signal: controller.signal })
        : ports.model({ request, signal: controller.signal, onStream });
    try {
      for await (const piece of pieces) {
        if (controller.signal.aborted) break;
        if (typeof piece !== "string")
          dispatch(
            "passages" in piece
              ? { type: "passagesFound", epoch, call, found: piece.passages }
              : { type: "quotesChecked", epoch, call, quotes: piece.quotes },
          );
        else if (piece) dispatch({ type: "chunk", epoch, call, text: piece, at: ports.clock.now() });
      }
      if (!controller.signal.aborted) dispatch({ type: "replyEnded", epoch, call, at: ports.clock.now() });
    } catch (error) {
      // An aborted stream (STOP, a new start, the loop guard) is not a failure.
      if (!controller.signal.aborted) dispatch({ type: "replyFailed", epoch, call, ...failureOf(error) });
    } finally {
      if (reply === controller) reply = null;
      // Ended, failed or stopped: no longer a turn to take up. The screen left: it still is.
      const heldTurn = held.getState().heldTurn;
      if (!disposed && turn && heldTurn?.turn === turn.turn && heldTurn.debateId === turn.debateId) held.setState({ heldTurn: null });
    }
  }

  const at = () => ports.clock.now();

  return {
    store,
    /** Issue 35 §2: the turn being written that the server holds (null when none). */
    held,
    /**
     * Issue 35 §2: a debate opened again after a reload (`open`) takes up the turn the server was
     * writing, read from its start instead of asked again. Says whether it did: a debate not at
     * that turn (or not this debate) is left as it is.
     */
    resumeTurn(turn: HeldTurn): boolean {
      const state = store.getState();
      if (state.status !== "between" || state.turn !== turn.turn || state.debate?.debateId !== turn.debateId || !ports.resume) return false;
      takeUp = turn;
      dispatch({ type: "next" });
      return true;
    },
    /** 'Avvia Dibattito' (two theses, or one topic to parse) or 'Sfida la Tesi' ({ thesis }). */
    start(input: DebateInput) {
      dispatch({ type: "start", input, mode: "thesis" in input ? "challenge" : "debate", at: at() });
    },
    /** 'Genera Sintesi': a hidden debate, then its analysis (one debate of the quota). */
    startSynthesis(input: Exclude<DebateInput, { thesis: string }>) {
      dispatch({ type: "start", input, mode: "synthesis", at: at() });
    },
    /** 'Sfida la Tesi': one thesis, defended by Model A and refuted by Model B. */
    startChallenge(thesis: string) {
      dispatch({ type: "start", input: { thesis }, mode: "challenge", at: at() });
    },
    /** 'Prossimo (A/B)'. */
    next: () => dispatch({ type: "next" }),
    /** STOP: everything back to the start, no timer left, the stream aborted. */
    stop: () => dispatch({ type: "stop" }),
    /** 'FAI UN ALTRO DIBATTITO' / 'Nuovo Dibattito'. */
    newDebate: () => dispatch({ type: "newDebate" }),
    setAuto: (auto: boolean) => dispatch({ type: "setAuto", auto }),
    setLength: (length: number) => dispatch({ type: "setLength", length }),
    setModels: (models: Partial<Record<Speaker, string>>) => dispatch({ type: "setModels", models }),
    setProvider: (provider: ModelProvider) => dispatch({ type: "setProvider", provider }),
    /** 'Basati sui documenti' (issue 26 §2): one of the user's indexes, or null for none. */
    setDocuments: (index: string | null) => dispatch({ type: "setDocuments", index }),
    /** Defaults from GET /api/settings; ignored while a debate is on screen. */
    configure: (defaults: DebateDefaults) => dispatch({ type: "configure", settings: defaults }),
    dismissNotice: () => dispatch({ type: "dismissNotice" }),
    /** Issue 35 §1: a debate kept on the device, back on screen (finished: whole; stopped: from its next turn). */
    open: (kept: KeptDebateRecord) => dispatch({ type: "open", kept }),
    /** The feedback form was sent: its vote is kept with the debate. */
    feedbackSent: (vote: DebateVote | null) => dispatch({ type: "feedbackSent", vote }),
    /** What the start screen holds now (the tab's input): an empty-topic notice goes once it can start. */
    inputChanged: (input: DebateInput, mode: DebateMode) => dispatch({ type: "inputChanged", input, mode }),
    /**
     * The screen goes away: the stream and the timer end with it, nothing else is dispatched.
     * Issue 35 §3: a turn being written goes on on the server (not STOP), so that the screen, opened
     * again within the hold, takes it up (`held` still names it).
     */
    dispose() {
      disposed = true;
      reply?.abort();
      reply = null;
      perform({ type: "cancelTimer" });
    },
  };
}
