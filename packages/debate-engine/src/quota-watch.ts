import type { StoreApi } from "zustand/vanilla";
import type { DebateState } from "./debate-state";

/**
 * spec 001 §7: after the debate increment "the UI counters are refreshed"; they are read again
 * when a debate ends too (finished, halted by the quota, or a synthesis delivered). Returns the
 * unsubscribe function.
 */
export function watchDebateQuota(store: Pick<StoreApi<DebateState>, "subscribe">, refresh: () => void): () => void {
  return store.subscribe((state, previous) => {
    const counted = Boolean(state.debate?.debateId) && state.debate?.debateId !== previous.debate?.debateId;
    const ended = state.status !== previous.status && (state.status === "finished" || state.status === "halted");
    const synthesised = state.synthesis.result !== null && state.synthesis.result !== previous.synthesis.result;
    if (counted || ended || synthesised) refresh();
  });
}
