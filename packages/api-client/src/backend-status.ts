import { createStore, type StoreApi } from "zustand/vanilla";
import type { Health } from "./schemas/service";

// spec 001 §4: backend status is "checking", then "online" or "offline".
export type BackendStatus = "checking" | "online" | "offline";

export type BackendState = {
  status: BackendStatus;
  /** The last answer of GET /api/health (DESIGN.md §6: it says whether the model is the offline one). */
  health: Health | null;
};

export type BackendStatusStore = {
  /** Read it (or bind it with zustand's useStore); it changes only through `refresh`. */
  store: StoreApi<BackendState>;
  /** Checks again; answers that arrive after a newer check started are ignored. */
  refresh: () => Promise<BackendStatus>;
};

/**
 * Whether the product answers, from a read of its health (injected: any fetch, any origin):
 * online when the server answers and its model is healthy.
 */
export function createBackendStatus(readHealth: () => Promise<Health>): BackendStatusStore {
  const store = createStore<BackendState>()(() => ({ status: "checking", health: null }));
  let generation = 0;
  return {
    store,
    async refresh() {
      const mine = ++generation;
      store.setState({ status: "checking" });
      let health: Health | null;
      try {
        health = await readHealth();
      } catch {
        health = null;
      }
      // spec 001 §7: a server whose model fails its health check cannot answer: offline too.
      const answering = health !== null && health.model?.healthy !== false;
      if (mine === generation) store.setState({ status: answering ? "online" : "offline", health });
      return store.getState().status;
    },
  };
}
