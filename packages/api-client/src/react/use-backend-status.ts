import { useEffect, useMemo, useSyncExternalStore } from "react";
import { createBackendStatusStore, type BackendStatus } from "../backend-status";

/**
 * spec 001 §4: "checking" first, then "online" or "offline". The check runs once on mount;
 * `refresh` runs it again (e.g. after the user asks for a reconnection).
 */
export function useBackendStatus(check: () => Promise<boolean>): { status: BackendStatus; refresh: () => Promise<BackendStatus> } {
  // The check is captured once: a new function on every render must not restart it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const store = useMemo(() => createBackendStatusStore(check), []);
  const status = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  useEffect(() => {
    void store.refresh();
  }, [store]);
  return { status, refresh: store.refresh };
}
