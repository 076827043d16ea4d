import { subscriptionStatusResponseSchema, type SubscriptionStatus } from "@oystar/api-client";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSignedInApi } from "./use-signed-in-api";

export type SubscriptionState = {
  status: SubscriptionStatus | null;
  failed: boolean;
  /** Reads the counters again (after a question, spec 001 §4). */
  refresh: () => void;
};

/** GET /api/subscription/status for the header badges and the module gates. */
export function useSubscription(): SubscriptionState {
  const api = useSignedInApi();
  const [state, setState] = useState<{ status: SubscriptionStatus | null; failed: boolean }>({ status: null, failed: false });
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  useEffect(() => {
    if (!api) return;
    let current = true;
    api
      .get("/api/subscription/status", subscriptionStatusResponseSchema)
      .then((status) => current && setState({ status, failed: false }))
      .catch(() => current && setState({ status: null, failed: true }));
    return () => {
      current = false;
    };
  }, [api, generation]);
  return useMemo(() => ({ ...state, refresh }), [state, refresh]);
}
