// spec 001 §4: backend status is "checking", then "online" or "offline".
export type BackendStatus = "checking" | "online" | "offline";

export type BackendStatusStore = {
  getSnapshot: () => BackendStatus;
  subscribe: (listener: () => void) => () => void;
  /** Checks again; answers that arrive after a newer check started are ignored. */
  refresh: () => Promise<BackendStatus>;
};

export function createBackendStatusStore(check: () => Promise<boolean>): BackendStatusStore {
  let status: BackendStatus = "checking";
  let generation = 0;
  const listeners = new Set<() => void>();
  const set = (next: BackendStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async refresh() {
      const mine = ++generation;
      set("checking");
      let online: boolean;
      try {
        online = await check();
      } catch {
        online = false;
      }
      if (mine === generation) set(online ? "online" : "offline");
      return status;
    },
  };
}

/** A health check against GET /api/health through any fetch. */
export function healthCheck(fetchHealth: () => Promise<Response>): () => Promise<boolean> {
  return async () => {
    const response = await fetchHealth();
    return response.ok;
  };
}
