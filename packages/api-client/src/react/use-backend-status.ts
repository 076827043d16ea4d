import { useEffect, useState } from "react";
import { useStore } from "zustand";
import { createBackendStatus, type BackendState } from "../backend-status";
import type { Health } from "../schemas/service";

/**
 * spec 001 §4: "checking" first, then "online" or "offline", with the health the server sent.
 * The check runs once on mount.
 */
export function useBackendStatus(readHealth: () => Promise<Health>): BackendState {
  // The reader is captured once: a new function on every render must not restart the check.
  const [backend] = useState(() => createBackendStatus(readHealth));
  useEffect(() => {
    void backend.refresh();
  }, [backend]);
  return useStore(backend.store);
}
