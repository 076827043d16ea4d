import { healthSchema } from "@oystar/api-client";
import { useEffect, useState } from "react";
import { api } from "../api";

/** DESIGN.md §6: whether the server answers with its offline model (it says so in /api/health). */
export function useOfflineModel(): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    let current = true;
    api
      .get("/api/health", healthSchema)
      .then((health) => current && setOffline(health.model?.offline === true))
      .catch(() => {
        // The backend badge already says when the service is unreachable.
      });
    return () => {
      current = false;
    };
  }, []);
  return offline;
}
