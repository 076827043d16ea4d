import { healthSchema, type BackendStatus } from "@oystar/api-client";
import { useBackendStatus } from "@oystar/api-client/react";
import { useState } from "react";
import { api } from "../api";

/**
 * One read of GET /api/health for the whole assistant: whether the service answers (spec 001 §4)
 * and whether its model is the offline one (DESIGN.md §6), which the chat then says plainly.
 */
export function useBackendHealth(): { backend: BackendStatus; offlineModel: boolean } {
  const [offlineModel, setOfflineModel] = useState(false);
  const { status } = useBackendStatus(async () => {
    const health = await api.get("/api/health", healthSchema);
    setOfflineModel(health.model?.offline === true);
    return true;
  });
  return { backend: status, offlineModel };
}
